"""Rules of the noisy family."""
