// Loop macros that write their lambda whole, as portability layers do. This
// header is not edited: each use is expanded one level where it is written.
#pragma once

template <class F> __global__ void each_kernel(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
template <class F> void each(int n, F f) {
  each_kernel<<<(n + 127) / 128, 128>>>(n, f);
}
// One body for the GPU and one for the host, from one argument.
template <class D, class H> void each_either(bool gpu, int n, D d, H h) {
  if (gpu)
    each(n, d);
  else
    for (int i = 0; i < n; ++i)
      h(i);
}

#define LOOP_DEVICE __device__
#define FORALL(i, n, ...) each(n, [=] LOOP_DEVICE (int i) { __VA_ARGS__ })
#define FORALL_EITHER(gpu, i, n, ...)                                   \
  each_either(gpu, n, [=] LOOP_DEVICE (int i) { __VA_ARGS__ },          \
              [&] (int i) { __VA_ARGS__ })
#define FOR_1D(n, i, block) each(n, [=] LOOP_DEVICE (int i) noexcept block)
// A macro that forwards to the one writing the lambda (as AMReX's and older
// MFEM's loop macros do): both are expanded at the use.
#define FOR_1D_FLAG(gpu, n, i, block)                                   \
  each_either(gpu, n, [=] LOOP_DEVICE (int i) noexcept block,           \
              [&] (int i) noexcept block)
#define HOST_DEVICE_FOR_1D(n, i, block) FOR_1D_FLAG(true, n, i, block)
