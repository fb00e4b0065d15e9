"""The live ranking of a club session under load: a 30-table, 27-board Howell.

``bridgelaw serve`` runs as a process on a fresh SQLite file (or ``--db postgresql://...``). A
results session is made through the API: a partial Howell of 30 tables, 9 rounds of 3 boards
(60 pairs, 810 results). Round by round, 30 table devices (coroutines in one client process,
a connection each) enter their boards' results and accept them as fast as they can send them;
after each acceptance the device fetches the public ranking, which must already hold that result.

Two latencies are measured. The server's: from the commit of an accepted result (the moment it
is accepted: on disk) to the ranking published with it, which the server records for every
change of the ranking (``GET /api/sessions/{id}/metrics``); the goal (p99 under 50 ms) is judged
on this one. The clients': from sending the acceptance to having the updated ranking in hand,
with thirty devices sending as fast as they can to one server process on a shared two-core
machine, so that it mostly measures the queue of requests (it is printed with the throughput,
for what it is). The baseline, in the same run: the
same session scored from scratch by ``bridgelaw score-event results.json --json`` as a process
(what a scorer runs), on the results of the first three rounds and on the whole session, whose
output must equal the live ranking. Last, the update must be incremental: the latency of the
last round against the first (``late/early``) must stay near 1 while the session triples.

Printed: per round the clients' latency; overall the server's update latency (p50, p99, max),
the clients' latency and ranking fetch, the results per second, the score-event times,
``ratio p99/score-event`` (the server's p99 against score-event on the whole session), and
whether the goal is met.

Run: ``.venv/bin/python benchmarks/session_live.py`` (``--tables``, ``--rounds``, ``--seed``,
``--db``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server_process import free_port

DIRECTOR = "benchmark-director"
STRAINS = ("C", "D", "H", "S", "NT")


def result_for(rng: random.Random) -> dict[str, Any]:
    level = rng.randint(1, 6)
    return {
        "contract": f"{level}{rng.choice(STRAINS)}",
        "declarer": rng.choice("NESW"),
        "tricks": rng.randint(level + 4, min(13, level + 8)),
    }


class Server:
    def __init__(self, db: str, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "BRIDGELAW_DIRECTOR_TOKEN": DIRECTOR}
        command = [sys.executable, "-m", "bridgelaw", "serve", "--db", db]
        command += ["--port", str(self.port)]
        self.log = log.open("wb")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=self.log, env=env)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{self.base}/api/sessions/none", timeout=1)
                return
            except httpx.TransportError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise SystemExit(f"the server did not start: see {log}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def in_ranking(ranking: dict[str, Any], board: int, ns: str, ew: str) -> bool:
    for entry in ranking["boards"]:
        if entry["board"] == board:
            return any(r["ns"] == ns and r["ew"] == ew for r in entry["results"])
    return False


def score_event(results: Path) -> tuple[float, Any]:
    """``bridgelaw score-event`` as a process: its wall time and its JSON."""
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "bridgelaw", "score-event", str(results), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    if run.returncode != 0:
        raise SystemExit(f"score-event failed: {run.stderr}")
    return elapsed, json.loads(run.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--db", default=None, help="a database URL (default: a new SQLite file)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bridgelaw-bench-"))
    db = args.db or f"sqlite:///{folder / 'club.db'}"
    server = Server(db, folder / "serve.log")
    director = {"Authorization": f"Bearer {DIRECTOR}"}
    try:
        movement = {
            "kind": "howell",
            "tables": args.tables,
            "rounds": args.rounds,
            "boards_per_round": args.boards_per_round,
        }
        spec = {"name": "Benchmark Howell", "movement": movement}
        started = httpx.post(f"{server.base}/api/sessions", json=spec, headers=director, timeout=60)
        started.raise_for_status()
        session, tokens = started.json()["session"], started.json()["tables"]
        view = httpx.get(f"{server.base}/api/sessions/{session}", headers=director).json()
        latencies: list[list[float]] = []
        fetches: list[float] = []
        problems: list[str] = []
        early_file = folder / "results-early.json"
        started_all = time.perf_counter()
        for round_ in view["rounds"]:
            round_latencies: list[float] = []

            async def device(
                seating: dict[str, Any],
                seed: int,
                number: int,
                round_latencies: list[float] = round_latencies,
            ) -> None:
                rng = random.Random(seed)
                headers = {"Authorization": f"Bearer {tokens[seating['table']]}"}
                async with httpx.AsyncClient(
                    base_url=server.base, headers=headers, timeout=60
                ) as client:
                    for board in seating["boards"]:
                        body = {"round": number, "board": board} | result_for(rng)
                        entered = await client.post(f"/api/sessions/{session}/results", json=body)
                        if entered.status_code != 200:
                            problems.append(entered.text)
                            return
                        result = entered.json()["result"]
                        sent = time.perf_counter()
                        accepted = await client.post(
                            f"/api/sessions/{session}/results/{result}/accept"
                        )
                        fetched_at = time.perf_counter()
                        ranking = await client.get(f"/api/sessions/{session}/ranking")
                        done = time.perf_counter()
                        if accepted.status_code != 200 or ranking.status_code != 200:
                            problems.append(f"{accepted.text} {ranking.status_code}")
                            return
                        if not in_ranking(ranking.json(), board, seating["ns"], seating["ew"]):
                            problems.append(f"result {result} not in the ranking")
                        round_latencies.append(done - sent)
                        fetches.append(done - fetched_at)

            async def all_tables(tables: list[dict[str, Any]], number: int) -> None:
                await asyncio.gather(
                    *(device(s, args.seed * 1000 + i, number) for i, s in enumerate(tables))
                )

            asyncio.run(all_tables(round_["tables"], round_["round"]))
            if problems:
                raise SystemExit("; ".join(problems[:5]))
            latencies.append(round_latencies)
            print(
                f"round {round_['round']}: {len(round_latencies)} results, latency p50 "
                f"{percentile(round_latencies, 0.5) * 1000:.1f} ms, p99 "
                f"{percentile(round_latencies, 0.99) * 1000:.1f} ms",
                flush=True,
            )
            if round_["round"] == 3:
                early_file.write_text(
                    httpx.get(f"{server.base}/api/sessions/{session}/results.json").text
                )
            move = httpx.post(
                f"{server.base}/api/sessions/{session}/round", json={}, headers=director, timeout=60
            )
            move.raise_for_status()
        elapsed_all = time.perf_counter() - started_all
        metrics = httpx.get(
            f"{server.base}/api/sessions/{session}/metrics", headers=director, timeout=60
        ).json()
        final_file = folder / "results.json"
        final_file.write_text(httpx.get(f"{server.base}/api/sessions/{session}/results.json").text)
        live = httpx.get(f"{server.base}/api/sessions/{session}/ranking", timeout=60).json()
    finally:
        server.stop()
    early_time, _ = score_event(early_file)
    final_times = []
    for _ in range(3):
        elapsed, scored = score_event(final_file)
        final_times.append(elapsed)
    final_time = statistics.median(final_times)
    if scored != live:
        raise SystemExit("the live ranking differs from score-event on results.json")
    every = [x for r in latencies for x in r]
    p50, p99 = percentile(every, 0.5), percentile(every, 0.99)
    early, late = statistics.median(latencies[0]), statistics.median(latencies[-1])
    server_p99 = metrics["p99_ms"] / 1000
    print(f"results: {len(every)}; live ranking equal to score-event's: yes")
    print(
        f"server, accepted result -> ranking published ({metrics['updates']} updates): "
        f"p50 {metrics['p50_ms']:.2f} ms, p99 {metrics['p99_ms']:.2f} ms, "
        f"max {metrics['max_ms']:.2f} ms"
    )
    print(
        f"clients, acceptance sent -> updated ranking in hand (30 devices at once): "
        f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms; ranking fetch alone p50 "
        f"{percentile(fetches, 0.5) * 1000:.1f} ms; {len(every) / elapsed_all:.0f} results/s"
    )
    print(f"score-event from scratch (a process): rounds 1-3 {early_time * 1000:.0f} ms, "
          f"the whole session {final_time * 1000:.0f} ms")  # fmt: skip
    print(f"incremental: clients' median latency last round / first round = {late / early:.2f}")
    print(f"ratio p99/score-event {server_p99 / final_time:.4f}")
    print(f"goal p99 < 50 ms (server): {'met' if server_p99 < 0.05 else 'NOT met'}")


if __name__ == "__main__":
    main()
