#include "Rules/LowerExtendedLambda/BranchStraddle.h"
#include "Rules/LowerExtendedLambda/PreprocessorBranches.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace cudalower::lowering;

namespace {

/// Offsets of each line that starts with '#' in \p Text.
std::vector<unsigned> directiveOffsets(llvm::StringRef Text) {
  std::vector<unsigned> Out;
  for (size_t At = 0; At < Text.size();
       At = Text.find('\n', At) == llvm::StringRef::npos
                ? Text.size()
                : Text.find('\n', At) + 1)
    if (Text.substr(At).ltrim(" ").starts_with("#"))
      Out.push_back(static_cast<unsigned>(At));
  return Out;
}

/// Applies straddleEdits to \p Text, whose lambda of branch \p Branch is
/// lowered, as the rule's edits do at the call site: the inserts, then the
/// lambda replaced with "F{}" and what follows it. \p Body gets the
/// functor's copy of the body.
std::string callSite(llvm::StringRef Text, bool HasElse, unsigned Branch,
                     std::string *Body = nullptr) {
  std::vector<unsigned> Directives = directiveOffsets(Text);
  unsigned Begin = Text.find("[=]", Directives[Branch]);
  unsigned BodyBegin = Text.find('{', Begin);
  unsigned End = Text.rfind('}') + 1;
  StraddleEdits S =
      straddleEdits(Text, Directives, HasElse, Branch, BodyBegin, End);
  std::string Out = Text.take_front(Begin).str();
  for (auto It = S.Inserts.rbegin(); It != S.Inserts.rend(); ++It)
    Out.insert(It->first, It->second);
  Out += "F{}" + S.AfterConstruction + Text.substr(End).str();
  if (Body) {
    *Body = Text.slice(BodyBegin, End).str();
    if (S.CutEnd > S.CutBegin)
      Body->erase(S.CutBegin - BodyBegin, S.CutEnd - S.CutBegin);
  }
  return Out;
}

TEST(BranchStraddle, TailMovesIntoTheEarlierBranch) {
  std::string Body;
  EXPECT_EQ(callSite("#ifdef SYCL\n"
                     "  go([=] (H h) {\n"
                     "    int t = h.t();\n"
                     "#else\n"
                     "  go([=] () {\n"
                     "    int t = threadIdx.x;\n"
                     "#endif\n"
                     "    use(t);\n"
                     "  });\n",
                     /*HasElse=*/true, /*Branch=*/1, &Body),
            "#ifdef SYCL\n"
            "  go([=] (H h) {\n"
            "    int t = h.t();\n"
            "    use(t);\n"
            "  }\n"
            "#else\n"
            "  go(F{}\n"
            "#endif\n"
            "  );\n");
  EXPECT_EQ(Body, "{\n    int t = threadIdx.x;\n    use(t);\n  }");
}

TEST(BranchStraddle, TailMovesIntoEveryLaterBranch) {
  std::string Body;
  EXPECT_EQ(callSite("#if A\n"
                     "  go([=] () { a();\n"
                     "#elif B\n"
                     "  go([=] () { b();\n"
                     "#else\n"
                     "  go([=] () { c();\n"
                     "#endif\n"
                     "  t(); });\n",
                     true, 0, &Body),
            "#if A\n"
            "  go(F{}\n"
            "#elif B\n"
            "  go([=] () { b();\n"
            "  t(); }\n"
            "#else\n"
            "  go([=] () { c();\n"
            "  t(); }\n"
            "#endif\n"
            "  );\n");
  EXPECT_EQ(Body, "{ a();\n  t(); }");
}

TEST(BranchStraddle, NoElseGetsOneHoldingTheTail) {
  EXPECT_EQ(callSite("#if A\n"
                     "  go([=] () { a();\n"
                     "#endif\n"
                     "  t(); });\n",
                     /*HasElse=*/false, 0),
            "#if A\n"
            "  go(F{}\n"
            "#else\n"
            "  t(); }\n"
            "#endif\n"
            "  );\n");
}

TEST(BranchStraddle, BodyAfterTheEndifIsCopiedWhole) {
  std::string Body;
  EXPECT_EQ(callSite("#if A\n"
                     "  go([=] (int i, int j)\n"
                     "#else\n"
                     "  go([=] (int i)\n"
                     "#endif\n"
                     "  { t(i); });\n",
                     true, 1, &Body),
            "#if A\n"
            "  go([=] (int i, int j)\n"
            "  { t(i); }\n"
            "#else\n"
            "  go(F{}\n"
            "#endif\n"
            "  );\n");
  EXPECT_EQ(Body, "{ t(i); }");
}

TEST(BranchStraddle, ContinuedDirectiveLinesStayWhole) {
  EXPECT_EQ(callSite("#if defined(A) || \\\n    defined(B)\n"
                     "  go([=] () { a();\n"
                     "#else\n"
                     "  go([=] () { b();\n"
                     "#endif\n"
                     "  t(); });\n",
                     true, 1),
            "#if defined(A) || \\\n    defined(B)\n"
            "  go([=] () { a();\n"
            "  t(); }\n"
            "#else\n"
            "  go(F{}\n"
            "#endif\n"
            "  );\n");
}

/// What PreprocessorBranches::straddled says of the text from the last
/// `[=]` of \p Code to the last \p End.
struct Seen {
  bool Straddles = false;
  unsigned Branch = 0;
  std::string Problem;
};
Seen straddledIn(llvm::StringRef Code, llvm::StringRef End = "}") {
  struct Action : clang::PreprocessOnlyAction {
    llvm::StringRef Code, End;
    Seen *Result = nullptr;
    void ExecuteAction() override {
      clang::Preprocessor &PP = getCompilerInstance().getPreprocessor();
      auto Owned =
          std::make_unique<PreprocessorBranches>(PP.getSourceManager());
      PreprocessorBranches *Branches = Owned.get();
      PP.addPPCallbacks(std::move(Owned));
      clang::PreprocessOnlyAction::ExecuteAction();
      const clang::SourceManager &SM = PP.getSourceManager();
      clang::SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
      StraddledBlock S =
          Branches->straddled(Start.getLocWithOffset(Code.rfind("[=]")),
                              Start.getLocWithOffset(Code.rfind(End)));
      *Result = {S.Block != nullptr, S.Branch, S.Problem};
    }
  };
  Seen Result;
  auto A = std::make_unique<Action>();
  A->Code = Code;
  A->End = End;
  A->Result = &Result;
  EXPECT_TRUE(clang::tooling::runToolOnCode(std::move(A), Code, "t.cpp"));
  return Result;
}

TEST(PreprocessorBranchesStraddle, BlocksInsideOrAroundTheTextAreNoCrossing) {
  Seen S = straddledIn("#if 1\n"
                       "void f() { go([=] () {\n"
                       "#ifdef A\n a();\n#else\n b();\n#endif\n"
                       "}); }\n"
                       "#endif\n");
  EXPECT_EQ(S.Problem, "");
  EXPECT_FALSE(S.Straddles);
}

TEST(PreprocessorBranchesStraddle, BeginningInABranchAndLeavingIsAStraddle) {
  Seen S = straddledIn("void f() {\n#ifdef A\n go([=] (int) { a();\n"
                       "#else\n go([=] () { b();\n#endif\n"
                       " t(); }); }\n");
  EXPECT_EQ(S.Problem, "");
  EXPECT_TRUE(S.Straddles);
  EXPECT_EQ(S.Branch, 1u);
}

TEST(PreprocessorBranchesStraddle, EndingInsideABranchIsRefused) {
  Seen S = straddledIn("void f() {\n go([=] () { a();\n"
                       "#ifdef A\n }, 1);\n#else\n }, 2);\n#endif\n"
                       "}\n",
                       "}, 2");
  EXPECT_EQ(S.Problem,
            "its text crosses the preprocessor conditional at line 3");
  EXPECT_FALSE(S.Straddles);
}

} // namespace
