// nvcc accepts a dependent type named without `typename` where only a type
// makes sense (`auto s = R::storage_ref_type(n, w);`, cuCollections'
// shared-memory example); Clang rejects it when it instantiates the
// template, with no switch. cuda-lower inserts `typename` in its copy and
// parses again; rule nvcc-dependent-template writes it (its own test
// compiles the output with plain nvcc). With the rule off, it stops
// (exit 3) with a note, and writes nothing.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower %t.cu > %t.out.cu 2> %t.fixed.err
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t.out.cu
// RUN: FileCheck %s --check-prefix=CHECK-MESSAGES --input-file=%t.fixed.err
// RUN: %expect-exit 3 %cuda-lower %t.cu --disable nvcc-dependent-template 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err

struct table_ref {
  struct storage_ref {
    __device__ storage_ref(int n, int *w) : n(n), w(w) {}
    int n;
    int *w;
  };
};

// Template case: the kernel of a shared-memory table.
template <class Ref> __global__ void shmem(int n) {
  __shared__ int windows[64];
  auto storage = Ref::storage_ref(n, windows);
  // CHECK-FIXES: auto storage = typename Ref::storage_ref(n, windows);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:18: warning: dependent type 'Ref::storage_ref' is named without 'typename', {{.*}} [nvcc-dependent-template]
  // ERR: [[@LINE-3]]:18: error: missing 'typename' prior to dependent type name 'table_ref::storage_ref'
  // ERR: [[@LINE-4]]:18: note: nvcc accepts a dependent type named without 'typename'; Clang does not: write 'typename' before the name, which both compilers accept
  storage.w[threadIdx.x % 64] = storage.n;
}
template __global__ void shmem<table_ref>(int);
// ERR: error: the {{host|device}} compilation pass did not parse; nothing was written
