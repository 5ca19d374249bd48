// 25 __host__ __device__ functions that call a __host__ function: Clang
// reports an error for each, nvcc only warns (#20011-D), and cuda-lower
// tolerates them. Clang counts them towards its error limit all the same.
int host_only(int x) { return x + 1; }
__host__ __device__ int hd0(int x) { return host_only(x); }
__host__ __device__ int hd1(int x) { return host_only(x); }
__host__ __device__ int hd2(int x) { return host_only(x); }
__host__ __device__ int hd3(int x) { return host_only(x); }
__host__ __device__ int hd4(int x) { return host_only(x); }
__host__ __device__ int hd5(int x) { return host_only(x); }
__host__ __device__ int hd6(int x) { return host_only(x); }
__host__ __device__ int hd7(int x) { return host_only(x); }
__host__ __device__ int hd8(int x) { return host_only(x); }
__host__ __device__ int hd9(int x) { return host_only(x); }
__host__ __device__ int hd10(int x) { return host_only(x); }
__host__ __device__ int hd11(int x) { return host_only(x); }
__host__ __device__ int hd12(int x) { return host_only(x); }
__host__ __device__ int hd13(int x) { return host_only(x); }
__host__ __device__ int hd14(int x) { return host_only(x); }
__host__ __device__ int hd15(int x) { return host_only(x); }
__host__ __device__ int hd16(int x) { return host_only(x); }
__host__ __device__ int hd17(int x) { return host_only(x); }
__host__ __device__ int hd18(int x) { return host_only(x); }
__host__ __device__ int hd19(int x) { return host_only(x); }
__host__ __device__ int hd20(int x) { return host_only(x); }
__host__ __device__ int hd21(int x) { return host_only(x); }
__host__ __device__ int hd22(int x) { return host_only(x); }
__host__ __device__ int hd23(int x) { return host_only(x); }
__host__ __device__ int hd24(int x) { return host_only(x); }
#ifdef WITH_ERROR
int broken() { return undeclared_after_them; }
#endif
