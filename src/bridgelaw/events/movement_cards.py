"""Guide cards for a movement, as plain text: one card a table (who sits there, the boards and
where they go next), one a pair (where it sits, against whom), and the rounds' sit-outs, shared
sets and sets waiting on a relay or bye stand."""

from __future__ import annotations

from bridgelaw.events.movement_model import Movement, Seating, span


def _then(movement: Movement, seating: Seating) -> str:
    if seating.round == movement.rounds:
        return ""
    tables = movement.next_places(seating)
    if not tables:
        return "stand"
    if len(tables) == 1:
        return f"table {tables[0]}"
    return "tables " + ",".join(str(t) for t in tables)


def _remarks(movement: Movement, seating: Seating) -> str:
    remarks = []
    if seating.room:
        remarks.append(f"{seating.room} room, match {seating.match}")
    for group in movement.shared(seating.round):
        if seating.table in group:
            others = ",".join(str(t) for t in group if t != seating.table)
            remarks.append(f"shares with table{'s' if len(group) > 2 else ''} {others}")
    if movement.sits_out(seating):
        out = [p for p in (seating.ns, seating.ew) if p not in movement.phantoms]
        remarks.append(f"{' and '.join(out) or 'nobody'} sit{'s' if len(out) == 1 else ''} out")
    return f"  ({'; '.join(remarks)})" if remarks else ""


def _title(movement: Movement) -> str:
    unit = "teams" if movement.kind == "teams" else "tables"
    count = len(movement.pairs) if movement.kind == "teams" else movement.tables
    return (
        f"{movement.name or movement.kind.title()}: {count} {unit}, {movement.rounds} rounds, "
        f"{movement.boards_per_round} boards a round"
    )


def guide_cards(movement: Movement) -> str:
    """The table cards, the pair cards and the rounds (see the module text)."""
    out = [_title(movement), *movement.notes]
    board_moves = movement.kind != "teams" and movement.copies == 1
    for table in range(1, movement.tables + 1):
        out.append("")
        out.append(f"Table {table}")
        out.append("  Round  NS     EW     Boards" + ("  Then" if board_moves else ""))
        for s in sorted(movement.seatings, key=lambda s: s.round):
            if s.table != table:
                continue
            boards = span(s.boards)
            then = f"  {_then(movement, s)}" if board_moves else ""
            row = f"  {s.round:>5}  {s.ns:<5}  {s.ew:<5}  {boards:<6}{then}".rstrip()
            out.append(row + _remarks(movement, s))
    for pair in movement.pairs:
        if pair in movement.phantoms:
            continue
        out.append("")
        out.append(f"{'Team' if movement.kind == 'teams' else 'Pair'} {pair}")
        out.append("  Round  Table  Sits  Against  Boards")
        mine: dict[int, list[Seating]] = {}
        for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
            if pair in (s.ns, s.ew):
                mine.setdefault(s.round, []).append(s)
        for number in range(1, movement.rounds + 1):
            if not mine.get(number):
                out.append(f"  {number:>5}  bye")
            for s in mine.get(number, ()):
                sits, other = ("NS", s.ew) if s.ns == pair else ("EW", s.ns)
                note = "  (sits out)" if other in movement.phantoms else ""
                out.append(f"  {s.round:>5}  {s.table:>5}  {sits:<4}  {other:<7}  "
                           f"{span(s.boards)}{note}")  # fmt: skip
    out.extend(_rounds(movement))
    return "\n".join(out) + "\n"


def _rounds(movement: Movement) -> list[str]:
    rows = []
    for number in range(1, movement.rounds + 1):
        parts = []
        # a teams round's boards are its own: the other rounds' sets are not waiting on a stand
        resting = movement.resting(number) if movement.kind != "teams" else []
        if resting:
            sets = ", ".join(f"{n} ({span(movement.sets[n])})" for n in resting)
            parts.append(f"on the stand: set{'s' if len(resting) > 1 else ''} {sets}")
        for group in movement.shared(number):
            parts.append("tables " + ",".join(str(t) for t in group) + " share a set")
        out = movement.sitouts(number)
        if out:
            parts.append(f"{'bye' if movement.kind == 'teams' else 'sitting out'}: "
                         + ", ".join(out))  # fmt: skip
        if parts:
            rows.append(f"  Round {number}: " + "; ".join(parts))
    return ["", "Rounds", *rows] if rows else []
