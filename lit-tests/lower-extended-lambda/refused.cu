// Lambdas that cannot be lowered safely stay unchanged, with the reason.
// RUN: cp %s %t.cu
// Refusals nvcc shares (local classes) are errors: exit 1.
// RUN: %expect-exit 1 %cuda-lower --no-verify --rules=lower-extended-lambda -i %t.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning: --implicit-check-not=error:
// RUN: cmp %s %t.cu
// Without --no-verify, each lambda left in place is an error of its own:
// plain nvcc refuses it, so the run cannot exit 0.
// RUN: %expect-exit 1 %cuda-lower --rules=lower-extended-lambda %s 2>&1 >/dev/null | FileCheck %s --check-prefix=VERIFY
// VERIFY-COUNT-7: error: a lambda annotated __host__ or __device__ is left in place: plain nvcc refuses it without --extended-lambda [verify]

// A captured variable of a local type cannot be named outside the function.
int local_type(int n, int *out) {
  struct Pair { int a, b; };
  Pair p{1, 2};
  auto l = [=] __device__ (int i) { out[i] = p.a + p.b; };
  // CHECK: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda not lowered: the captured 'p' has a type declared inside the function (§5.3.8.4 item 12) [lower-extended-lambda]
  return sizeof(l) > 0 && n > 0;
}

// A deduced type whose template arguments hide a local type or a closure
// (`auto it = make_transform_iterator(first, lambda)`) is just as unnamed.
template <class T> struct box { T v; };
template <class T> box<T> make_box(T v) { return {v}; }
int local_in_argument(int *out) {
  struct Pair { int a, b; };
  auto b = make_box(Pair{1, 2});
  auto l = [=] __device__ (int i) { out[i] = b.v.a; };
  // CHECK: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda not lowered: the captured 'b' has a type declared inside the function (§5.3.8.4 item 12) [lower-extended-lambda]
  auto g = make_box(make_box([](int i) { return 2 * i; }));
  auto m = [=] __device__ (int i) { out[i] = g.v.v(i); };
  // CHECK: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda not lowered: the captured 'g' has a type declared inside the function (§5.3.8.4 item 12) [lower-extended-lambda]
  return sizeof(l) + sizeof(m) > 0;
}

// A member function of a local class: the functor would go to namespace
// scope, where the class and its members have no name.
void local_class() {
  struct Local {
    int scale = 2;
    static int twice(int v) { return 2 * v; }
    void f(int *out) {
      auto l = [=] __device__ (int i) { out[i] = i * scale; };
      // CHECK: {{.*}}.cu:[[@LINE-1]]:16: error: __device__ lambda not lowered: the enclosing function is a member of a local class, and the body names 'scale' of that class, which a functor at namespace scope cannot name (nvcc refuses local classes as kernel argument types, §5.3.8.4 item 6) [lower-extended-lambda]
      auto m = [=] __device__ (int i) { out[i] = twice(i); };
      // CHECK: {{.*}}.cu:[[@LINE-1]]:16: error: __device__ lambda not lowered: the enclosing function is a member of a local class, and the body names 'twice' of that class, which a functor at namespace scope cannot name
      (void)l;
      (void)m;
    }
  };
}
template <class T> void local_class_t(T *out) {
  struct Local {
    void f(T *out) {
      auto l = [=] __device__ (int i) { out[i] = T(i); };
      // CHECK: {{.*}}.cu:[[@LINE-1]]:16: error: __device__ lambda not lowered: the enclosing function is a member of a local class in a member function or a template, where no functor can be placed at namespace scope (§5.3.8.4 item 6)
      (void)l;
    }
  };
  Local().f(out);
}

// A variable template's lambda.
template <class T> auto scaled = [] __device__ (T v) { return 2 * v; };
// CHECK: {{.*}}.cu:[[@LINE-1]]:34: error: annotated lambda not lowered: only those in functions and in initialisers of namespace-scope variables (not variable templates or static data members) are

// Parameter packs cannot become data members.
template <typename... Ts> void pack(int *out, Ts... ts) {
  auto l = [=] __device__ (int i) { out[i] = (0 + ... + ts); };
  // CHECK: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda not lowered: it captures a parameter pack (§5.3.8.4 item 12)
  (void)l;
}
template void pack<int, int>(int *, int, int);

// A lambda in a macro body is lowered by expanding the macro's use one
// level (macro-bodies.cu), which a macro that also stringizes an argument
// does not allow.
#define TRACED_FORALL(i, ...) auto l = [=] __device__ (int i) { __VA_ARGS__ }; const char *trace = #__VA_ARGS__
void traced(int *out) {
  TRACED_FORALL(i, out[i] = 0;);
  // CHECK: {{.*}}.cu:[[@LINE-1]]:3: warning: __device__ lambda not lowered: the lambda is written in a macro body, and the macro 'TRACED_FORALL' turns an argument into a string ('#'); expand the macro or lower the lambda by hand [lower-extended-lambda]
  (void)l;
  (void)trace;
}

// A macro that another macro names, choosing it by the number of arguments
// (AMReX's AMREX_LAUNCH_HOST_DEVICE_LAMBDA): its arguments follow the
// choosing macro's use, which is not written out.
template <class F> __global__ void run_kernel(F f) { f(0); }
#define RUN_2(n, block) run_kernel<<<1, n>>>([=] __device__ (int i) block)
#define RUN_3(n, m, block) run_kernel<<<m, n>>>([=] __device__ (int i) block)
#define CHOOSE_RUN(_1, _2, _3, NAME, ...) NAME
#define RUN(...) CHOOSE_RUN(__VA_ARGS__, RUN_3, RUN_2, unused)(__VA_ARGS__)
void chosen(int *v) {
  RUN(1, { v[i] = 1; });
  // CHECK: {{.*}}.cu:[[@LINE-1]]:3: warning: __device__ lambda not lowered: the lambda is written in a macro body, and the macro 'RUN_2' is named by another macro's expansion, which cuda-lower does not write out; expand the macro or lower the lambda by hand [lower-extended-lambda]
}

// The functor declares the aliases it copies before its members: an alias
// that names a captured variable (AMReX's ParticleReduce: `using
// value_type = decltype(call_f(f, ...));`) could not see it.
template <class F> auto call_with(F const &f, int i) { return f(i); }
template <class F> void alias_of_capture(F f, double *out) {
  using value_type = decltype(call_with(f, 0));
  run_kernel<<<1, 1>>>([=] __device__ (int i) { value_type v = call_with(f, i); out[i] = v; });
  // CHECK: {{.*}}.cu:[[@LINE-1]]:24: warning: __device__ lambda not lowered: the local alias 'value_type' names the variable 'f', which the functor's alias cannot see; spell the alias without it [lower-extended-lambda]
}
struct Square { __host__ __device__ double operator()(int i) const { return i * i; } };
template void alias_of_capture(Square, double *);
