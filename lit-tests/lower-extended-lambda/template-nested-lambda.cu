// In a template, the implicit captures of a [=] lambda are inferred. A plain
// lambda nested in its body (moderngpu's `iterate<vt>([&](int i) {...})`)
// uses the outer lambda's own parameters and locals: they are not captures.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

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
// CHECK-FIXES: template <int vt, typename T, typename Op>
// CHECK-FIXES-NEXT: struct reduce_lambda_1 {
// CHECK-FIXES-NEXT:   const T *input;
// CHECK-FIXES-NEXT:   Op op;
// CHECK-FIXES-NEXT:   T *output;
// CHECK-FIXES-NEXT:   MGPU_DEVICE void operator()(int tid) const {
template <int vt, typename T, typename Op>
void reduce(const T *input, T *output, Op op, int n) {
  auto k = [=] MGPU_DEVICE(int tid) {
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'reduce_lambda_1'
    T x[vt];
    iterate_t<vt>::eval([&](int i) { x[i] = input[vt * tid + i]; });
    T scalar = x[0];
    iterate_t<vt>::eval([&](int i) { scalar = i ? op(scalar, x[i]) : scalar; });
    output[tid] = scalar;
  };
  // CHECK-FIXES: auto k = reduce_lambda_1<vt, T, Op>{input, op, output};
  apply<<<1, n>>>(k, n);
}

struct plus_op {
  __device__ int operator()(int a, int b) const { return a + b; }
};
template void reduce<4, int, plus_op>(const int *, int *, plus_op, int);

// A pack parameter of the lambda, used by a nested lambda, is not a captured
// pack of the function.
// CHECK-FIXES: template <typename F, typename... Args>
// CHECK-FIXES-NEXT: struct launch_lambda_1 {
// CHECK-FIXES-NEXT:   F f;
// CHECK-FIXES-NEXT:   __device__ void operator()(int tid, Args... args) const {
template <typename F, typename... Args> void launch(F f, Args... args) {
  auto k = [=] __device__(int tid, Args... args) {
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'launch_lambda_1'
    iterate_t<2>::eval([=](int i) { f(tid + i, args...); });
  };
  // CHECK-FIXES: auto k = launch_lambda_1<F, Args...>{f};
  (void)k;
}
template void launch<plus_op, int>(plus_op, int);

// Macro case: the nested lambda is spelled through a macro.
#define FOR_VT(vt, body) iterate_t<vt>::eval([&](int i) body)
// CHECK-FIXES: struct scale_lambda_1 {
// CHECK-FIXES-NEXT:   float *p;
// CHECK-FIXES-NEXT:   float s;
template <int vt> void scale(float *p, float s, int n) {
  apply<<<1, n>>>([=] __device__(int tid) {
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_lambda_1'
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
// CHECK-FIXES: __device__ int twice(int v) {
// CHECK-FIXES-NEXT:   auto g = [](int a) { return 2 * a; };
