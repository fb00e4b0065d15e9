"""Events (Laws 3-8, 78, 86): movements, pairs and teams sessions, rankings."""
