#include "Nvcc/LenientConstexpr.h"
#include "SpellingFixFinder.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace cudalower;

namespace {

using spellingfix::cudaSpellingFixesFor;
using spellingfix::spellingFixesFor;

const char *Slot =
    "template <class K, class V> struct slot {\n"
    "  static constexpr bool has_payload = !__is_same(K, V);\n"
    "  constexpr const K &key(const V &s) const {\n"
    "    if constexpr (this-> has_payload) return s.first; else return s;\n"
    "  }\n"
    "};\n"
    "struct P { int first; };\n";

// Clang reports it when it instantiates the function; the branch it could
// not choose then fails too (a follow-on error, no fix of its own).
TEST(StaticMemberThisFix, NamesTheClassOwnMember) {
  EXPECT_EQ(
      spellingFixesFor(std::string(Slot) +
                       "int f(slot<int, P> s, P p) { return s.key(p); }\n"),
      (std::vector<std::string>{"4:19 this-> ->slot:: has_payload", "none"}));
}

TEST(StaticMemberThisFix, NotForAMemberOfABaseClass) {
  EXPECT_EQ(
      spellingFixesFor("struct base { static constexpr bool b = true; };\n"
                       "template <class T> struct d : base {\n"
                       "  int f() const { if constexpr (this->b) return 1; "
                       "else return 0; }\n"
                       "};\n"
                       "int g(d<int> x) { return x.f(); }\n"),
      std::vector<std::string>{"none"});
}

const char *Vec = "struct vec { vec(); ~vec(); };\n";

TEST(NonLiteralConstexprFix, HostMemberOfATemplate) {
  EXPECT_EQ(spellingFixesFor(std::string(Vec) +
                             "template <class T> struct bf {\n"
                             "  [[nodiscard]] constexpr int est() const {\n"
                             "    vec h; return 0;\n"
                             "  }\n"
                             "};\n"),
            std::vector<std::string>{"3:17 constexpr->inline est"});
}

TEST(NonLiteralConstexprFix, FunctionAtNamespaceScope) {
  EXPECT_EQ(spellingFixesFor(
                std::string(Vec) +
                "constexpr int g(int) { auto const v = vec{}; return 0; }\n"),
            std::vector<std::string>{"2:1 constexpr->inline g"});
}

// A literal class depends on its constructors; `inline constexpr` would
// become `inline inline`; a constexpr spelled by a macro is not the
// project's to drop here.
TEST(NonLiteralConstexprFix, NoneWhereDroppingChangesMore) {
  EXPECT_EQ(spellingFixesFor(std::string(Vec) +
                             "struct lit { constexpr lit() { vec v; } };\n"
                             "inline constexpr int g() { vec v; return 0; }\n"
                             "#define CX constexpr\n"
                             "CX int h() { vec v; return 0; }\n"),
            (std::vector<std::string>{"none", "none", "none"}));
}

/// True for each error whose hint says that nvcc's lambda traits read as
/// false.
std::vector<bool> traitHints(llvm::StringRef Code) {
  std::vector<std::string> Hints;
  spellingFixesFor(Code, &Hints);
  std::vector<bool> AboutTraits;
  for (const std::string &Hint : Hints)
    AboutTraits.push_back(llvm::StringRef(Hint).contains("lambda_* traits"));
  return AboutTraits;
}

// STF's launch: variables initialised from the traits, an assertion on
// them; through a static member too.
TEST(NvccExtensionHint, AssertionOnVariablesInitialisedFromATrait) {
  EXPECT_EQ(traitHints(
                "template <class F> struct traits {\n"
                "  static constexpr bool dev =\n"
                "      __nv_is_extended_device_lambda_closure_type(F);\n"
                "};\n"
                "template <class F> void launch(F) {\n"
                "  static constexpr bool d =\n"
                "      __nv_is_extended_device_lambda_closure_type(F), h = d;\n"
                "  static_assert(h || false, \"on the host\");\n"
                "  constexpr bool t = traits<F>::dev;\n"
                "  static_assert(t, \"on the host\");\n"
                "}\n"
                "void go() { launch([] {}); }\n"),
            (std::vector<bool>{true, true}));
}

TEST(NvccExtensionHint, NoneForAnAssertionThatAsksNoTrait) {
  EXPECT_EQ(traitHints("template <class F> void sized(F) {\n"
                       "  constexpr bool small = sizeof(F) < 1, d = small;\n"
                       "  static_assert(d, \"too large\");\n"
                       "}\n"
                       "void go(int a) { sized([a] { return a; }); }\n"),
            std::vector<bool>{false});
}

// Clang makes a constexpr function without an execution space implicitly
// __host__ __device__; nvcc reads it as __host__, so it gets the fix in
// both passes. A spelled __device__ or __host__ __device__ does not.
TEST(NonLiteralConstexprFix, ImplicitHostDeviceIsHostForNvcc) {
  std::string Code = std::string(Vec) +
                     "template <class T> struct bf {\n"
                     "  constexpr int est() const { vec h; return 0; }\n"
                     "  __device__ constexpr int dev() const { vec h; return 0; }\n"
                     "  __host__ __device__ constexpr int hd() const { vec h; return 0; }\n"
                     "};\n";
  // dev() has two errors: vec's constructor is a host function as well.
  std::vector<std::string> Expected = {"3:3 constexpr->inline est", "none",
                                       "none", "none"};
  EXPECT_EQ(cudaSpellingFixesFor(Code, nullptr, /*Device=*/false), Expected);
  EXPECT_EQ(cudaSpellingFixesFor(Code, nullptr, /*Device=*/true), Expected);
}

// hyperloglog::clear(stream) reaching hyperloglog_impl::clear(CG const&).
const char *Sketch =
    "struct stream { void wait() const {} };\n"
    "template <class T> struct impl {\n"
    "  T *w;\n"
    "  template <class CG> __device__ constexpr void clear(CG const &g) {\n"
    "    w[g.rank()] = 0;\n"
    "  }\n"
    "  __host__ constexpr void clear(stream s) { s.wait(); }\n"
    "};\n";

// Every declaration of the function's pattern gets `__host__`.
TEST(HostOnlyConstexprFix, EachDeclarationOfAMemberOfATemplate) {
  std::vector<std::string> Hints;
  EXPECT_EQ(cudaSpellingFixesFor(
                std::string(Sketch) +
                    "template <class T> struct sk {\n"
                    "  impl<T> i;\n"
                    "  constexpr void clear(stream s = {});\n"
                    "};\n"
                    "template <class T>\n"
                    "constexpr void sk<T>::clear(stream s) { i.clear(s); }\n"
                    "void go() { sk<int>{}.clear(); }\n",
                &Hints),
            std::vector<std::string>{"11:3 __host__  clear +14:1"});
  ASSERT_EQ(Hints.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Hints[0]).contains(
      "nvcc reads the constexpr function 'sk<int>::clear'"));
}

TEST(HostOnlyConstexprFix, AFunctionTemplate) {
  EXPECT_EQ(cudaSpellingFixesFor(
                std::string(Sketch) +
                "template <class T> constexpr void reset(impl<T> &i) "
                "{ i.clear(stream{}); }\n"
                "void go(impl<int> &i) { reset(i); }\n"),
            std::vector<std::string>{"9:20 __host__  reset"});
}

// The host pass never picks the __device__ overload; a spelled execution
// space is the user's; a function that is not constexpr is __host__ to
// both compilers already.
TEST(HostOnlyConstexprFix, NoneOutsideTheDevicePassOrWithASpelledSpace) {
  std::string Spelled = std::string(Sketch) +
                        "template <class T> __host__ __device__ constexpr "
                        "void hd(impl<T> &i) { i.clear(stream{}); }\n"
                        "void go(impl<int> &i) { hd(i); }\n";
  std::vector<std::string> Hints;
  EXPECT_EQ(cudaSpellingFixesFor(Spelled, &Hints),
            std::vector<std::string>{"none"});
  EXPECT_EQ(Hints, std::vector<std::string>{""});
  // Not constexpr, the __device__ template is no candidate for the host.
  EXPECT_TRUE(cudaSpellingFixesFor(std::string(Sketch) +
                                   "template <class T> void h(impl<T> &i) "
                                   "{ i.clear(stream{}); }\n"
                                   "void go(impl<int> &i) { h(i); }\n")
                  .empty());
  // Its instantiation fails in the device pass alone.
  EXPECT_TRUE(cudaSpellingFixesFor(
                  std::string(Sketch) +
                      "template <class T> constexpr void reset(impl<T> "
                      "&i) { i.clear(stream{}); }\n"
                      "void go(impl<int> &i) { reset(i); }\n",
                  nullptr, /*Device=*/false)
                  .empty());
}

} // namespace
