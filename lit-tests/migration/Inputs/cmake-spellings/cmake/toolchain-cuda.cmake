# A toolchain file named so: read wherever it is under the root.
set(CMAKE_CUDA_FLAGS_INIT "--extended-lambda")
string(APPEND CMAKE_CUDA_FLAGS_INIT " --expt-relaxed-constexpr -lineinfo")
