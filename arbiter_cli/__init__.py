"""arbiter_cli: the command line adapter over the pure core `arbiter`.

Every command is a thin shell over a library call: `arbiter check` over `arbiter.check`, `arbiter
fmt` over `arbiter.notation.formatter.format_source`, `arbiter rules` over `arbiter.rules`. The rulings are
data; this package reads the inputs, runs the checks (in parallel if asked) and renders the
rulings in the chosen format.
"""
