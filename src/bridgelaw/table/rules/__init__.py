"""The open matters of the table, one object each, in a module per law or law group.

An *open matter* is an irregularity, claim, question or choice the director now offers: the
object owns its state (its fields), its offer (:meth:`~bridgelaw.table.state.Pending.offer`)
and its answers (:meth:`~bridgelaw.table.state.Pending.answer`), and declares once, in its
module's ``DECLARED`` (:class:`~bridgelaw.table.rules.declared.Declared`), every clause it
applies and its edition variants. The law book's clause-to-code index
(:mod:`bridgelaw.laws.index`) reads these declarations (:data:`.registry.DECLARED`) for the
matters moved here; the rest of the engine is still read from its source.

Modules: :mod:`.declared` (what a matter declares), :mod:`.registry` (every declaration),
:mod:`.auction` (the auction period: :mod:`.auction.layer`, what its matters need of the table;
a module per law or law group, :mod:`.auction.law27` the insufficient bid...), :mod:`.play`
(the play period: :mod:`.play.layer`; :mod:`.play.law45c4b`, a slip in naming dummy's card;
:mod:`.play.law50d2`, declarer's choice of the penalty cards' suits;
:mod:`.play.law51a`, declarer designating among penalty cards;
:mod:`.play.law52`, a card played instead of a penalty card; :mod:`.play.law53_56`, the lead
out of turn; :mod:`.play.law57`, premature plays; :mod:`.play.law58`, cards played at once;
:mod:`.play.law62`, correcting a revoke, with 58B3; :mod:`.play.law45e`, a fifth card;
:mod:`.play.law47e`, a card played on wrong information; :mod:`.play.law65_66`, the played
cards and the quitted tricks; :mod:`.play.law67`, a defective trick with too many cards;
:mod:`.play.law42_43`, dummy's limitations; :mod:`.play.law45d_45f`, dummy's card not
designated, or suggested;
:mod:`.play.law46`, an incomplete designation; :mod:`.play.law61b`, questions about a revoke),
:mod:`.claims` (:mod:`.claims.law68_71`, a claim or concession, with its protocol), :mod:`.board`
(:mod:`.board.layer`; :mod:`.board.law13`, a wrong number of cards; :mod:`.board.law14`, a
card missing from a hand; :mod:`.board.law15a`, cards from another board; :mod:`.board.law15b`,
a board not assigned to the contestants).
"""
