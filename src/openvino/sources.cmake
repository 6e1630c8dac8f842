# The OpenVINO front end (paths relative to src/).
list(APPEND tix_sources openvino/openvino.c)
