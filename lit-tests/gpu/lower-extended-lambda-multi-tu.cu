// REQUIRES: gpu
// RUN: rm -rf %t && mkdir -p %t/Inputs && cp %s %t/main.cu
// RUN: cp %S/Inputs/lower-extended-lambda-multi-tu.cuh %S/Inputs/lower-extended-lambda-multi-tu-other.cu %t/Inputs/
// RUN: %cuda-lower --in-root=%t -i %t/main.cu %t/Inputs/lower-extended-lambda-multi-tu-other.cu
// RUN: %gpu-diff %s %t/main.cu %S/Inputs/lower-extended-lambda-multi-tu-other.cu %t/Inputs/lower-extended-lambda-multi-tu-other.cu
// GPU-EXTRA-SOURCES: Inputs/lower-extended-lambda-multi-tu-other.cu
// GPU-EXTRA-FILES: Inputs/lower-extended-lambda-multi-tu.cuh
// (build-gpu-tests.sh copies the test with those files, lowers the copies
// with -i, and links each form's two units into one program.)
// Extended lambdas in a header that two translation units include, lowered
// once in the header, must compute what the originals compute when the two
// units are linked into one program (one functor definition per lambda, the
// same in both units).
#include "Inputs/lower-extended-lambda-multi-tu.cuh"

int main() {
  const int n = 1000;
  int *a = nullptr, *b = nullptr;
  MT_CHECK(cudaMallocManaged(&a, n * sizeof(int)));
  MT_CHECK(cudaMallocManaged(&b, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    a[i] = b[i] = i;

  scaleAll(a, n, 3);
  addAll<int>(a, n, 5);
  addAll<int>(a, n, 1);
  Affine{2, -1}.apply(a, n);
  long mine = hostSum(a, n);
  long theirs = otherUnit(b, n);

  long wantMine = 0, wantTheirs = 0;
  Affine f{2, -1};
  for (int i = 0; i < n; ++i) {
    wantMine += f.at(i * 3 + 5 + i % 2 + 1 + i % 2);
    wantTheirs += f.at(i * 3 + 5 + i % 2) / 2;
  }
  std::printf("mine %ld theirs %ld\n", mine, theirs);
  bool ok = mine == wantMine && theirs == wantTheirs;
  std::printf("%s\n", ok ? "ok" : "FAILED");
  MT_CHECK(cudaFree(a));
  MT_CHECK(cudaFree(b));
  return ok ? 0 : 1;
}
