// RUN: %check_cuda_lower %s nvcc-asm-operand-comma %t
// RUN: %strip-checks %s > %t.off.cu
// RUN: %expect-exit 3 %cuda-lower %t.off.cu --disable nvcc-asm-operand-comma 2> %t.err
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.err

// Two operands of an asm statement written one after the other without
// the comma (CUDA sample conjugateGradientMultiDeviceCG): nvcc reads both,
// Clang stops with "expected ')'". With the comma both compilers read the
// same operands.
__device__ void release(unsigned char *flag, unsigned value) {
  unsigned reg = value;
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(reg) "l"(flag) : "memory");
  // CHECK-MESSAGES: [[@LINE-1]]:63: warning: the asm operand "l" follows the one before it without a ',': nvcc reads the two operands, Clang rejects them; insert ',', which both accept [nvcc-asm-operand-comma]
  // CHECK-FIXES: asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(reg), "l"(flag) : "memory");
  // OFF: [[@LINE-3]]:64: error: expected ')'
  // OFF: note: nvcc reads asm operands written without a ',' between them; Clang does not: write ',' before "l", which both compilers accept
}

// Outputs too, and a list already written with commas is left alone.
__device__ unsigned twice(unsigned x) {
  unsigned a, b;
  asm("mov.u32 %0, %2;\n\tadd.u32 %1, %2, %2;" : "=r"(a) "=r"(b) : "r"(x));
  // CHECK-MESSAGES: [[@LINE-1]]:57: warning: the asm operand "=r" follows {{.*}} [nvcc-asm-operand-comma]
  // CHECK-FIXES: asm("mov.u32 %0, %2;\n\tadd.u32 %1, %2, %2;" : "=r"(a), "=r"(b) : "r"(x));
  asm("add.u32 %0, %1, %1;" : "=r"(a) : "r"(b));
  return a;
}
