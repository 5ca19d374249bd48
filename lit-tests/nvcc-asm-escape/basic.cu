// RUN: %check_cuda_lower %s nvcc-asm-escape %t
// RUN: %strip-checks %s > %t.off.cu
// RUN: %expect-exit 3 %cuda-lower %t.off.cu --disable nvcc-asm-escape 2> %t.err
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.err

// A lone `%` before a PTX special register, in an asm statement with
// operands: nvcc passes it to ptxas as written, Clang rejects it. `%%`
// means `%` to both (the inline PTX guide's own spelling).
__device__ unsigned lane_id() {
  unsigned ret;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(ret));
  // CHECK-MESSAGES: [[@LINE-1]]:29: warning: '%laneid' in an asm string starts no operand: nvcc passes it to ptxas as written and Clang rejects it; escape it as '%%laneid', which both read as '%laneid' [nvcc-asm-escape]
  // CHECK-FIXES: asm volatile("mov.u32 %0, %%laneid;" : "=r"(ret));
  // OFF: [[@LINE-3]]:31: error: invalid % escape in inline assembly string
  // OFF: note: nvcc passes '%laneid' in an asm string to ptxas as written; Clang does not: escape it as '%%laneid', which both compilers read as '%laneid'
  return ret;
}

// Two in one string, one after an escape already written; a register with
// a dot.
__device__ unsigned warp_and_sm() {
  unsigned w, s;
  asm("mov.u32 %0, %warpid;\n\tmov.u32 %1, %%smid;" : "=r"(w), "=r"(s));
  // CHECK-MESSAGES: [[@LINE-1]]:20: warning: '%warpid' in an asm string {{.*}} [nvcc-asm-escape]
  // CHECK-FIXES: asm("mov.u32 %0, %%warpid;\n\tmov.u32 %1, %%smid;" : "=r"(w), "=r"(s));
  unsigned t;
  asm("mov.u32 %0, %tid.x;" : "=r"(t));
  // CHECK-MESSAGES: [[@LINE-1]]:20: warning: '%tid' in an asm string {{.*}} [nvcc-asm-escape]
  // CHECK-FIXES: asm("mov.u32 %0, %%tid.x;" : "=r"(t));
  return w + s + t;
}

// Spelled in a macro: fixed in its definition.
#define CLOCK64(c) asm volatile("mov.u64 %0, %clock64;" : "=l"(c))
// CHECK-MESSAGES: [[@LINE-1]]:46: warning: '%clock64' in an asm string {{.*}} [nvcc-asm-escape]
// CHECK-FIXES: #define CLOCK64(c) asm volatile("mov.u64 %0, %%clock64;" : "=l"(c))
__device__ unsigned long long now() {
  unsigned long long c;
  CLOCK64(c);
  return c;
}

// No match: operands, escapes, and an asm statement without operands, whose
// string both compilers take as written.
__device__ unsigned add(unsigned x) {
  unsigned r;
  asm("mov.u32 %0, %%laneid;\n\tadd.u32 %0, %0, %1;" : "=r"(r) : "r"(x));
  asm("membar.gl;");
  return r;
}

__global__ void use(unsigned *out) {
  out[0] = lane_id() + warp_and_sm() + static_cast<unsigned>(now()) + add(1);
}
