// The functor of this lambda goes above run(), so that in the rewritten
// text twice() is declared several lines further down than here.
template <class F> __global__ void apply(F f) { f(0); }
void run(int *p) {
  apply<<<1, 1>>>([=] __device__ (int i) { p[i] = 1; });
}
constexpr int twice(int x) { return 2 * x; }
__global__ void k(int *p) { p[0] = twice(p[0]); }
