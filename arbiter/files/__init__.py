"""The files a user hands the arbiter, read within their bounds before anything trusts them:

- `regular_files`: a file read only when it is a regular file (no pipe, device or link out of
  its folder) and at most as large as its limit;
- `bounded_toml`: TOML (event files, house rulebooks) measured against its bounds on nesting,
  dotted keys, key length and key count in one linear pass, before the TOML reader is given it.
"""
