"""Rules of the forward family."""
