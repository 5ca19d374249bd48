# Only the presets name this one (a hidden directory is not walked).
set(CMAKE_CUDA_FLAGS_INIT "-lineinfo --extended-lambda")
