// RUN: %check_cuda_lower --no-compile %s exec-space-restrictions %t
// A project that owns the namespace (a libcu++ fork) says so: no report.
// RUN: %cuda-lower --rules=exec-space-restrictions --rule-option exec-space-restrictions.OwnNamespaces=cuda,nv %s 2>&1 >/dev/null | FileCheck %s --check-prefix=OWN --implicit-check-not="reserved namespace 'cuda'"
// OWN: warning: declarations in the reserved namespace 'cooperative_groups'

// The guide's example (§5.3.10.2).
namespace cuda {
// CHECK-MESSAGES: [[@LINE-1]]:11: warning: declarations in the reserved namespace 'cuda' are undefined behaviour (§5.3.10.2); rename the namespace or nest it in a project namespace [exec-space-restrictions]
struct foo;
// CHECK-MESSAGES: reserved-namespaces.cu:[[@LINE-1]]:8: note: first declaration added here
void bar();
namespace utils {}
} // namespace cuda
namespace utils {
namespace cuda {
void bar();
} // namespace cuda
} // namespace utils
using namespace utils;
// CHECK-MESSAGES: [[@LINE-1]]:17: warning: 'using namespace utils' at global scope adds 'utils::cuda' to the reserved namespace 'cuda' (§5.3.10.2) [exec-space-restrictions]
// CHECK-MESSAGES: reserved-namespaces.cu:[[@LINE-6]]:11: note: 'utils::cuda' declared here

// Nested namespace definitions and the other reserved names.
namespace nv::detail {
// CHECK-MESSAGES: [[@LINE-1]]:11: warning: declarations in the reserved namespace 'nv' are undefined behaviour (§5.3.10.2); rename the namespace or nest it in a project namespace [exec-space-restrictions]
// CHECK-MESSAGES: reserved-namespaces.cu:[[@LINE+1]]:5: note: first declaration added here
int counter;
}
extern "C++" {
namespace cooperative_groups {
// CHECK-MESSAGES: [[@LINE-1]]:11: warning: declarations in the reserved namespace 'cooperative_groups' are undefined behaviour (§5.3.10.2); rename the namespace or nest it in a project namespace [exec-space-restrictions]
// CHECK-MESSAGES: reserved-namespaces.cu:[[@LINE+1]]:13: note: first declaration added here
inline void sync_all() {}
}
}

// Macro case: the namespace is opened by a macro.
#define BEGIN_NV_NAMESPACE namespace nv {
#define END_NV_NAMESPACE }
BEGIN_NV_NAMESPACE
// CHECK-MESSAGES: [[@LINE-1]]:1: warning: declarations in the reserved namespace 'nv' are undefined behaviour (§5.3.10.2); rename the namespace or nest it in a project namespace [exec-space-restrictions]
// CHECK-MESSAGES: reserved-namespaces.cu:[[@LINE+1]]:22: note: first declaration added here
template <class T> T clamp01(T x) { return x < T(0) ? T(0) : x > T(1) ? T(1) : x; }
END_NV_NAMESPACE

// Template case: a primary template adds a name.
namespace cuda {
// CHECK-MESSAGES: [[@LINE-1]]:11: warning: declarations in the reserved namespace 'cuda' are undefined behaviour (§5.3.10.2); rename the namespace or nest it in a project namespace [exec-space-restrictions]
// CHECK-MESSAGES: reserved-namespaces.cu:[[@LINE+1]]:25: note: first declaration added here
template <int N> struct fixed_width {};
} // namespace cuda

// No match: specialising a template of the library is the customisation
// point it offers, and a nested 'cuda' is allowed.
#include <cuda/std/limits>
struct Half16 {
  unsigned short bits;
};
namespace cuda {
namespace std {
template <> class numeric_limits<Half16> {
public:
  static constexpr bool is_specialized = true;
};
} // namespace std
} // namespace cuda
namespace project {
namespace cuda {
template <class T> struct traits {};
} // namespace cuda
} // namespace project
