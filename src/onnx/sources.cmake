list(APPEND tix_sources onnx/onnx.c)
