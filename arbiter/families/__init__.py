"""The families the arbiter judges, one package each (issue 49 moves the five older ones here)."""
