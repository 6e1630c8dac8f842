# The DirectML front end (paths relative to src/).
list(APPEND tix_sources directml/directml.c)
