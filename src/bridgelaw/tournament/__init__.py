"""Tournaments (Laws 3-8, 78, 86): movements, pairs and teams sessions, rankings.

The Laws and ``score-event`` call a tournament an *event*; the package is named
``tournament`` so that "event" names one thing in the code: what happens at a table (a call,
a card, an answer), as the table scripts write it and the server stores it."""
