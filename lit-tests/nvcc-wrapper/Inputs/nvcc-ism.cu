// nvcc (with the flags) accepts `this->` naming a static member in
// `if constexpr`, Clang does not; spelled in a macro, the tool cannot fix it
// (rule nvcc-lenient-constexpr fixes it only where it is written): the
// lowering fails, and the wrapper falls back to the original.
#define PAYLOAD this->has_payload
template <bool P> struct slot {
  static constexpr bool has_payload = P;
  __device__ int value() const {
    if constexpr (PAYLOAD) return 1; else return 0;
  }
};
__global__ void read(slot<true> s, int *out) { out[0] = s.value(); }
void run(float *y) {
  auto f = [=] __device__(int i) { y[i] = 0; };
  (void)f;
}
