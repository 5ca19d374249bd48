// Each construct makes nvcc 13 print one of the numbered warnings that
// --explain knows (diagnostics.test compiles it and explains each number).
int h(int x) { return x + 1; }
constexpr int c(int x) { return x + 1; }
__host__ __device__ int hd(int x) { return h(x) + c(x); } // 20011-D, 20013-D
struct S {
  __host__ __device__ S() = default; // 20012-D
  int x;
};
struct HasF {
  int f() const { return 1; }
};
template <class T> struct Dep {
  __host__ __device__ int operator()(T t) const { return t.f(); } // 20014-D
};
template <class T> struct Con {
  __host__ __device__ int operator()(T x) const { return c(x); } // 20015-D
};
template <class G, class A> __global__ void k(G g, A a, int *p) { *p = g(a); }
void run(int *p) {
  k<<<1, 1>>>(Dep<HasF>{}, HasF{}, p);
  k<<<1, 1>>>(Con<int>{}, 1, p);
}
inline __global__ void g() {} // 20050-D
__device__ int merged(int);
__host__ __device__ int merged(int x) { return x; } // 20036-D
__host__ int widened(int);
__host__ __device__ int widened(int x) { return x; } // 20040-D
