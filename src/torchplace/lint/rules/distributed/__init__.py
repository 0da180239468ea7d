"""Rules of the distributed family."""
