"""Rules of the serving family."""
