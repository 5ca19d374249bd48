// An implicit member (here a copy constructor) that Clang infers __host__
// because what it calls (std::vector's copy constructor) is host-only and
// outside the project: nothing in the project can be annotated, so the
// warning says so and nothing is edited. The tool used to crash here (a
// plan with nothing to annotate), on RAJA's multi-reduce examples.
// With std-to-cuda-std on (as by default), std:: callees are left to that
// rule, which has nothing to rewrite in an implicit member.
// RUN: %check_cuda_lower %s exec-space-host-call-from-hd,std-to-cuda-std %t
#include <vector>

struct Backend {
  std::vector<int> v;
};
template <class T> struct Holder {
  T t;
  __host__ __device__ Holder(const T &x) : t(x) {}
  // CHECK-MESSAGES: [[@LINE-1]]:44: warning: __host__ function 'Backend::Backend' called from __host__ __device__ function 'Holder::Holder<T>'; nvcc only warns (#20011-D) and the GPU code is wrong; nothing in the project can be made __host__ __device__ to fix it (what it calls is declared outside the project) [exec-space-host-call-from-hd]
};
// CHECK-FIXES: struct Backend {
// CHECK-FIXES-NEXT:   std::vector<int> v;

int main() {
  Backend b;
  b.v.push_back(1);
  Holder<Backend> h(b);
  return h.t.v.size() == 1 ? 0 : 1;
}
