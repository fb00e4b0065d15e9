"""Tournaments (Laws 3-8, 78, 86): movements, pairs and teams sessions, rankings.

The Laws and ``score-event`` call a tournament an *event*; here it is a tournament, so that
"event" names one thing in the code: what happens at a table (a call, a card, an answer), as the
table scripts write it and the server stores it. The word stays only where a fixed interface has
it: the command ``score-event``, the results JSON's ``"event"`` key (the tournament's name), the
PBN ``Event`` tag and USEBIO's ``EVENT``."""
