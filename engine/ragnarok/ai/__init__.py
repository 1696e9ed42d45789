"""AI seats for Lords of Ragnarok: a heuristic default and uniform random, from views only."""
