// A launcher that classifies its callable with nvcc's lambda traits into
// variables and asserts on those (CCCL's STF `launch` does): nvcc builds it
// with --extended-lambda; cuda-lower reads the traits as false, so the
// assertion fails and the source does not parse (exit 3, nothing written).
// Clang's error quotes the variables, not the traits: the note that says
// why follows their initialisers, through other variables too (an
// assertion on variables that ask no trait gets no such note:
// ClangErrorsTest).
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %expect-exit 3 %cuda-lower %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err

template <class F> __global__ void run(F f, int *out) {
  out[threadIdx.x] = f(int(threadIdx.x));
}

#define IS_DEVICE_LAMBDA(F) __nv_is_extended_device_lambda_closure_type(F)

// Template case: the variables are the launcher's own, as in STF.
struct launcher {
  int *out;
  template <class Fun> void operator->*(Fun f) {
    static constexpr bool is_device = IS_DEVICE_LAMBDA(Fun),
                          is_host_device =
                              __nv_is_extended_host_device_lambda_closure_type(Fun);
    static_assert(is_device || is_host_device, "launch needs a device lambda");
    // CHECK: trait-static-assert.cu:[[@LINE-1]]:19: error: static assertion failed due to requirement 'is_device || is_host_device': launch needs a device lambda
    // CHECK: trait-static-assert.cu:[[@LINE-2]]:19: note: nvcc's __nv_is_extended_*_lambda_* traits are true for extended lambdas; Clang cannot tell them from other classes, so cuda-lower reads the traits as false (as for the functors it writes): code that needs them true keeps needing --extended-lambda
    run<<<1, 32>>>(f, out);
  }
};

// A variable initialised from a variable initialised from a trait.
template <class Fun> struct traits {
  static constexpr bool device = __nv_is_extended_device_lambda_closure_type(Fun);
};
template <class Fun> void launch(Fun f, int *out) {
  constexpr bool runs_on_device = traits<Fun>::device;
  static_assert(runs_on_device, "launch needs a device lambda");
  // CHECK: trait-static-assert.cu:[[@LINE-1]]:17: error: static assertion failed due to requirement 'runs_on_device'
  // CHECK: trait-static-assert.cu:[[@LINE-2]]:17: note: nvcc's __nv_is_extended_*_lambda_* traits are true
  // CHECK: error: the {{host|device}} compilation pass did not parse
  run<<<1, 32>>>(f, out);
}

void go(int *out, int a) {
  launcher{out}->*[=] __device__(int i) { return i + a; };
  launch([=] __device__(int i) { return i * a; }, out);
}
