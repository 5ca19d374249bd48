// A program of a project that uses two header-only libraries installed
// outside it, each with extended lambdas in its headers (deplib through
// -isystem, mlib through -I, annotated through its own macro).
#include <cstdio>
#include <deplib.cuh>
#include <mlib/mlib.cuh>

int main() {
  const int n = 10;
  int *ints = nullptr;
  float *floats = nullptr;
  if (cudaMallocManaged(&ints, 32 * sizeof(int)) != cudaSuccess ||
      cudaMallocManaged(&floats, n * sizeof(float)) != cudaSuccess)
    return 1;
  deplib_fill(ints, 7);
  for (int i = 0; i < n; ++i)
    floats[i] = 0.5f * i;
  mlib_scale(floats, n, 4.0f);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  bool ok = true;
  for (int i = 0; i < 32; ++i)
    ok = ok && ints[i] == 7;
  for (int i = 0; i < n; ++i)
    ok = ok && floats[i] == 2.0f * i;
  std::printf("libraries: %s (%d %g)\n", ok ? "OK" : "WRONG", ints[31],
              floats[n - 1]);
  return ok ? 0 : 1;
}
