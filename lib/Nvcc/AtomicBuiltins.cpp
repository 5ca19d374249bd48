//===--- AtomicBuiltins.cpp - nvcc's __nv_atomic_* builtins ---------------===//

#include "Nvcc/AtomicBuiltins.h"

namespace cudalower {

namespace {

/// One builtin: nvcc's name after `__nv_atomic_`, its parameters before
/// the optional thread scope, and the GCC builtin's call, whose last
/// argument is the memory order (`$o`) that the scope is sequenced before.
struct Builtin {
  const char *Name;
  const char *Params;
  const char *Call;
};

// Signatures as the CUDA Programming Guide gives them (each checked with
// nvcc 13.0 in lit nvcc-isms/atomic-builtins.cu).
constexpr Builtin Builtins[] = {
    {"load_n", "p, o", "__atomic_load_n(p, $o)"},
    {"load", "p, r, o", "__atomic_load(p, r, $o)"},
    {"store_n", "p, v, o", "__atomic_store_n(p, v, $o)"},
    {"store", "p, v, o", "__atomic_store(p, v, $o)"},
    {"exchange_n", "p, v, o", "__atomic_exchange_n(p, v, $o)"},
    {"exchange", "p, v, r, o", "__atomic_exchange(p, v, r, $o)"},
    {"compare_exchange_n", "p, e, d, w, s, o",
     "__atomic_compare_exchange_n(p, e, d, w, s, $o)"},
    {"compare_exchange", "p, e, d, w, s, o",
     "__atomic_compare_exchange(p, e, d, w, s, $o)"},
    {"thread_fence", "o", "__atomic_thread_fence($o)"},
};

constexpr const char *Operations[] = {"add", "sub", "min", "max",
                                      "and", "or",  "xor"};

/// `NAME(PARAMS, ...)=CALL`, the scope (if any) evaluated and discarded
/// before the order: `((void)(0, ##__VA_ARGS__), o)`.
std::string macro(const std::string &Name, const std::string &Params,
                  std::string Call) {
  std::string Order = "((void)(0, ##__VA_ARGS__), o)";
  size_t At = Call.find("$o");
  Call.replace(At, 2, Order);
  return "__nv_atomic_" + Name + "(" + Params + ", ...)=" + Call;
}

std::vector<std::string> allMacros() {
  std::vector<std::string> Macros;
  for (const Builtin &B : Builtins)
    Macros.push_back(macro(B.Name, B.Params, B.Call));
  for (const char *Op : Operations) {
    std::string Fetch = std::string("__atomic_fetch_") + Op + "(p, v, $o)";
    Macros.push_back(macro(std::string("fetch_") + Op, "p, v, o", Fetch));
    // The non-fetching form returns nothing.
    Macros.push_back(macro(Op, "p, v, o", "((void)" + Fetch + ")"));
  }
  // The enumerators of crt/device_functions.h, in its order (the memory
  // orders have the values of the GCC builtins' __ATOMIC_* as well).
  const char *Orders[] = {"RELAXED", "CONSUME", "ACQUIRE",
                          "RELEASE", "ACQ_REL", "SEQ_CST"};
  const char *Scopes[] = {"THREAD", "BLOCK", "CLUSTER", "DEVICE", "SYSTEM"};
  for (unsigned I = 0; I < std::size(Orders); ++I)
    Macros.push_back(std::string("__NV_ATOMIC_") + Orders[I] + "=" +
                     std::to_string(I));
  for (unsigned I = 0; I < std::size(Scopes); ++I)
    Macros.push_back(std::string("__NV_THREAD_SCOPE_") + Scopes[I] + "=" +
                     std::to_string(I));
  return Macros;
}

} // namespace

const std::vector<std::string> &atomicBuiltinMacros() {
  static const std::vector<std::string> Macros = allMacros();
  return Macros;
}

} // namespace cudalower
