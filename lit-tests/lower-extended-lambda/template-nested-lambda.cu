// In a template, the implicit captures of a [=] lambda are inferred. A plain
// lambda nested in its body (moderngpu's `iterate<vt>([&](int i) {...})`)
// uses the outer lambda's own parameters and locals: they are not captures.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=lower-extended-lambda %t.cu > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda

#define MGPU_DEVICE __device__

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <int count> struct iterate_t {
  template <class G> __device__ static void eval(G g) {
    for (int i = 0; i < count; ++i)
      g(i);
  }
};

// Template case: `tid`, `x` and `scalar` belong to the lambda; only `input`,
// `op` and `output` are captured.
// FIX: template <int vt, typename T, typename Op>
// FIX-NEXT: struct reduce_lambda_1 {
// FIX-NEXT:   const T *input;
// FIX-NEXT:   Op op;
// FIX-NEXT:   T *output;
// FIX-NEXT:   MGPU_DEVICE void operator()(int tid) const {
template <int vt, typename T, typename Op>
void reduce(const T *input, T *output, Op op, int n) {
  auto k = [=] MGPU_DEVICE(int tid) {
    // MSG: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'reduce_lambda_1'
    T x[vt];
    iterate_t<vt>::eval([&](int i) { x[i] = input[vt * tid + i]; });
    T scalar = x[0];
    iterate_t<vt>::eval([&](int i) { scalar = i ? op(scalar, x[i]) : scalar; });
    output[tid] = scalar;
  };
  // FIX: auto k = reduce_lambda_1<vt, T, Op>{input, op, output};
  apply<<<1, n>>>(k, n);
}

struct plus_op {
  __device__ int operator()(int a, int b) const { return a + b; }
};
template void reduce<4, int, plus_op>(const int *, int *, plus_op, int);

// A pack parameter of the lambda, used by a nested lambda, is not a captured
// pack of the function.
// FIX: template <typename F, typename... Args>
// FIX-NEXT: struct launch_lambda_1 {
// FIX-NEXT:   F f;
// FIX-NEXT:   __device__ void operator()(int tid, Args... args) const {
template <typename F, typename... Args> void launch(F f, Args... args) {
  auto k = [=] __device__(int tid, Args... args) {
    // MSG: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'launch_lambda_1'
    iterate_t<2>::eval([=](int i) { f(tid + i, args...); });
  };
  // FIX: auto k = launch_lambda_1<F, Args...>{f};
  (void)k;
}
template void launch<plus_op, int>(plus_op, int);

// Macro case: the nested lambda is spelled through a macro.
#define FOR_VT(vt, body) iterate_t<vt>::eval([&](int i) body)
// FIX: struct scale_lambda_1 {
// FIX-NEXT:   float *p;
// FIX-NEXT:   float s;
template <int vt> void scale(float *p, float s, int n) {
  apply<<<1, n>>>([=] __device__(int tid) {
    // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_lambda_1'
    float acc = 0;
    FOR_VT(vt, { acc += p[vt * tid + i]; });
    p[tid] = acc * s;
  }, n);
}
template void scale<2>(float *, float, int);

// No-match case: a plain lambda in device code is left alone.
__device__ int twice(int v) {
  auto g = [](int a) { return 2 * a; };
  return g(v);
}
// FIX: __device__ int twice(int v) {
// FIX-NEXT:   auto g = [](int a) { return 2 * a; };
