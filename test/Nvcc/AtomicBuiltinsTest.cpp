#include "Nvcc/AtomicBuiltins.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// Whether \p Code compiles as C++17 with the builtins' macros defined.
bool compilesWithMacros(const std::string &Code) {
  std::vector<std::string> Args = {"-std=c++17", "-fsyntax-only"};
  for (const std::string &M : atomicBuiltinMacros())
    Args.push_back("-D" + M);
  return clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<clang::SyntaxOnlyAction>(), Code, Args, "input.cc");
}

} // namespace

// Each builtin has the result type nvcc gives it, with and without the
// optional thread scope.
TEST(NvccAtomicBuiltins, ResultTypesAsNvcc) {
  EXPECT_TRUE(compilesWithMacros(R"cc(
    template <class A, class B> constexpr bool same = false;
    template <class A> constexpr bool same<A, A> = true;
    void f(unsigned *p, int *q, float *x) {
      static_assert(same<decltype(__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)), unsigned>);
      static_assert(same<decltype(__nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE,
                                                     __NV_THREAD_SCOPE_BLOCK)), unsigned>);
      static_assert(same<decltype(__nv_atomic_fetch_add(x, 1.0f, 0)), float>);
      static_assert(same<decltype(__nv_atomic_fetch_xor(q, 1, 0, 4)), int>);
      static_assert(same<decltype(__nv_atomic_exchange_n(q, 1, 0)), int>);
      static_assert(same<decltype(__nv_atomic_add(q, 1, 0)), void>);
      static_assert(same<decltype(__nv_atomic_store_n(p, 1u, 0, 3)), void>);
      static_assert(same<decltype(__nv_atomic_thread_fence(5)), void>);
      int e = 0;
      static_assert(same<decltype(__nv_atomic_compare_exchange_n(q, &e, 1, false, 5, 0)), bool>);
      static_assert(__NV_ATOMIC_SEQ_CST == __ATOMIC_SEQ_CST);
      static_assert(__NV_THREAD_SCOPE_SYSTEM == 4);
    }
  )cc"));
}

// The thread scope is evaluated, not dropped: a name used only there must
// be declared (and a lambda naming it would capture it).
TEST(NvccAtomicBuiltins, ScopeArgumentStaysInTheParse) {
  EXPECT_FALSE(compilesWithMacros(
      "void f(int *q) { __nv_atomic_fetch_add(q, 1, 0, undeclared_scope); }"));
  EXPECT_TRUE(compilesWithMacros(R"cc(
    void f(int *q) {
      constexpr int scope = 3;
      auto g = [=] { return __nv_atomic_fetch_add(q, 1, 0, scope); };
      (void)g;
    }
  )cc"));
}
