#include "Engine/ParseFixes.h"
#include "Nvcc/AsmSpellings.h"
#include "Nvcc/DependentNames.h"
#include "Nvcc/SpellingFixes.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace cudalower;

namespace {

/// The fixes templateKeywordFix finds for the errors of \p Code (C++17),
/// as "line:column name", and the number of errors.
struct Found {
  std::vector<std::string> Fixes;
  unsigned Errors = 0;
};

class FixFinder : public DiagnosticConsumer {
public:
  explicit FixFinder(Found &F) : F(F) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level < DiagnosticsEngine::Error)
      return;
    ++F.Errors;
    StoredDiagnostic Error(Level, Info);
    std::optional<ParseFixSite> Site = templateKeywordFix(Error);
    if (!Site)
      Site = typenameKeywordFix(Error);
    if (!Site)
      Site = dependentBaseMemberFix(Error);
    if (!Site)
      return;
    F.Fixes.push_back(std::to_string(Site->Loc.getSpellingLineNumber()) +
                      ":" +
                      std::to_string(Site->Loc.getSpellingColumnNumber()) +
                      " " +
                      (Site->Kind == ParseFixKind::TemplateKeyword
                           ? ""
                           : Site->Text) +
                      Site->Name);
  }

private:
  Found &F;
};

Found fixesFor(llvm::StringRef Code) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile("/t/input.cc", 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                      Memory);
  Found F;
  FixFinder Finder(F);
  tooling::ToolInvocation Invocation(
      {"clang++", "-fsyntax-only", "-std=c++17", "/t/input.cc"},
      std::make_unique<SyntaxOnlyAction>(), Files.get());
  Invocation.setDiagnosticConsumer(&Finder);
  Invocation.run();
  return F;
}

const char *Decls = "template <class T> struct table {\n"
                    "  template <class U = T> struct view { U first; };\n"
                    "};\n"
                    "struct add {\n"
                    "  template <int N> int operator()(int x) { return x; }\n"
                    "};\n";

TEST(TemplateKeywordFix, NestedTemplateAfterTypename) {
  Found F = fixesFor(std::string(Decls) +
                     "template <class T> void f() {\n"
                     "  typename table<T>::view<> v;\n"
                     "}\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"8:22 view"});
  EXPECT_EQ(F.Errors, 1u);
}

// Clang parses the call, then fails to instantiate it.
TEST(TemplateKeywordFix, OperatorTemplateCalledExplicitly) {
  Found F = fixesFor(std::string(Decls) +
                     "template <class F> int call(F f) {\n"
                     "  return f.operator()<2>(1);\n"
                     "}\n"
                     "int x = call(add{});\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"8:12 operator()"});
}

// nvcc rejects this one too; the keyword makes it valid for both.
TEST(TemplateKeywordFix, MemberFunctionTemplateOfAnObject) {
  Found F = fixesFor("template <class T> int get(T t) {\n"
                     "  return t.template_member<0>();\n"
                     "}\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"2:12 template_member"});
  EXPECT_EQ(F.Errors, 1u);
}

// As the right operand of `+`, Clang reports another error there.
TEST(TemplateKeywordFix, OperatorTemplateAsRightOperand) {
  Found F = fixesFor(std::string(Decls) +
                     "template <class F> int call(F f) {\n"
                     "  return 1 + f.operator()<2>(1);\n"
                     "}\n"
                     "int x = call(add{});\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"8:16 operator()"});
  EXPECT_EQ(F.Errors, 1u);
}

// `ref.retrieve<N>(g, i)`: Clang reads `<` and `>` as comparisons around
// a comma expression (nvcc reads a template: cuCollections relies on it).
TEST(TemplateKeywordFix, MemberTemplateCalledWithSeveralArguments) {
  Found F = fixesFor("struct s { template <int N> int retrieve(int, int) "
                     "{ return N; } };\n"
                     "template <class R> int call(R r) {\n"
                     "  return r.retrieve<2>(1, 2);\n"
                     "}\n"
                     "int x = call(s{});\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"3:12 retrieve"});
  EXPECT_EQ(F.Errors, 1u);
}

// In a macro's definition, the keyword goes there.
TEST(TemplateKeywordFix, SpelledInAMacroDefinition) {
  Found F = fixesFor(std::string(Decls) +
                     "#define VIEW(T) typename table<T>::view<>\n"
                     "template <class T> void f() { VIEW(T) v; }\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"7:36 view"});
}

// `auto s = R::storage(n);` in a template: nvcc reads a type, Clang wants
// `typename` (its fix-it says where).
TEST(TypenameKeywordFix, DependentTypeInAFunctionalCast) {
  Found F = fixesFor("template <class R> void f(int n) {\n"
                     "  auto s = R::storage(n);\n"
                     "}\n"
                     "struct r { struct storage { storage(int) {} }; };\n"
                     "template void f<r>(int);\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"2:12 typename R::storage"});
  EXPECT_EQ(F.Errors, 1u);
}

// nvcc finds a member of a dependent base named without `this->` when it
// instantiates; Clang asks for `this->`.
TEST(DependentBaseMemberFix, MemberOfADependentBase) {
  Found F = fixesFor("template <class T> struct base { int slot(T) "
                     "{ return 1; } };\n"
                     "template <class T> struct view : base<T> {\n"
                     "  int first(T t) { return slot(t); }\n"
                     "};\n"
                     "int x = view<int>().first(1);\n");
  EXPECT_EQ(F.Fixes, std::vector<std::string>{"3:27 this->slot"});
  EXPECT_EQ(F.Errors, 1u);
}

TEST(TemplateKeywordFix, OtherErrorsHaveNone) {
  Found F = fixesFor("int x = y;\n"
                     "template <class T> struct s : T::base<int> {};\n");
  EXPECT_TRUE(F.Fixes.empty() || F.Errors > F.Fixes.size());
  EXPECT_GE(F.Errors, 1u);
}

/// A `template` keyword to insert.
ParseFix keyword(std::string File, unsigned Offset, std::string Text,
                 std::string Name) {
  return {std::move(File), Offset, std::move(Text), std::move(Name),
          ParseFixKind::TemplateKeyword, 0, ""};
}

TEST(ParseFixes, InsertsAndMapsOffsetsBack) {
  ParseFixes Fixes;
  EXPECT_TRUE(Fixes.add(keyword("/a.cu", 4, "template ", "x")));
  EXPECT_FALSE(Fixes.add(keyword("/a.cu", 4, "template ", "x")));
  EXPECT_TRUE(Fixes.add(keyword("/a.cu", 8, "template ", "y")));
  EXPECT_EQ(Fixes.fixedText("/a.cu", "abc.x<>.y<>"),
            "abc.template x<>.template y<>");
  EXPECT_EQ(Fixes.fixedText("/b.cu", "abc"), "abc");
  // Before, inside and after each insertion.
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 3), 3u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 4), 4u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 7), 4u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 13), 4u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 16), 7u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 17), 8u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 26), 8u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 29), 11u);
  EXPECT_EQ(Fixes.toOriginal("/b.cu", 29), 29u);
  EXPECT_EQ(Fixes.toFixed("/a.cu", 4), 4u);
  EXPECT_EQ(Fixes.toFixed("/a.cu", 5), 14u);
  EXPECT_EQ(Fixes.toFixed("/a.cu", 8), 17u);
}

// `this->m` read as `S::m`: a replacement, longer on disk than in the
// fixed text.
TEST(ParseFixes, ReplacesAndMapsOffsetsBack) {
  ParseFixes Fixes;
  EXPECT_TRUE(Fixes.add(
      {"/a.cu", 4, "S::", "m", ParseFixKind::StaticMemberThis, 6, "this->"}));
  // Overlapping fixes are refused; one right after is not.
  EXPECT_FALSE(Fixes.add(keyword("/a.cu", 6, "template ", "x")));
  EXPECT_FALSE(Fixes.add(
      {"/a.cu", 2, "x", "x", ParseFixKind::StaticMemberThis, 3, "is "}));
  EXPECT_TRUE(Fixes.add(keyword("/a.cu", 10, "template ", "m")));
  EXPECT_EQ(Fixes.fixedText("/a.cu", "if (this->m) k;"),
            "if (S::template m) k;");
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 3), 3u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 4), 4u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 5), 4u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 7), 10u); // the end of `this->`
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 16), 10u);
  EXPECT_EQ(Fixes.toOriginal("/a.cu", 19), 13u);
  EXPECT_EQ(Fixes.toFixed("/a.cu", 4), 4u);
  EXPECT_EQ(Fixes.toFixed("/a.cu", 6), 4u); // inside `this->`
  EXPECT_EQ(Fixes.toFixed("/a.cu", 10), 7u);
  EXPECT_EQ(Fixes.toFixed("/a.cu", 13), 19u);
  // An edit that rewrites the fix's text rewrites what it replaced.
  cudalower::Diagnostic D;
  D.File = "/a.cu";
  D.Offset = 4;
  Edit Replace;
  Replace.File = "/a.cu";
  Replace.Offset = 4;
  Replace.Length = 3;
  Replace.Text = "S::";
  D.Edits = {Replace};
  Fixes.mapToOriginal(D, {{"/a.cu", "if (this->m) k;"}});
  EXPECT_EQ(D.Edits[0].Offset, 4u);
  EXPECT_EQ(D.Edits[0].Length, 6u);
}

TEST(ParseFixes, ColumnsOnDiskLeaveOutKeywordsInsertedBeforeOnTheLine) {
  ParseFixes Fixes;
  // On disk "ab\nf(a.x<>, b.y<>)\n": `template ` before x (offset 7) and y
  // (offset 14); fixed "ab\nf(a.template x<>, b.template y<>)\n".
  Fixes.add(keyword("/a.cu", 7, "template ", "x"));
  Fixes.add(keyword("/a.cu", 14, "template ", "y"));
  // `f`: line start, column 1 either way.
  EXPECT_EQ(Fixes.toOriginalColumn("/a.cu", 3, 1), 1u);
  // `a` before the first insertion; `x` after it (fixed column 14).
  EXPECT_EQ(Fixes.toOriginalColumn("/a.cu", 5, 3), 3u);
  EXPECT_EQ(Fixes.toOriginalColumn("/a.cu", 16, 14), 5u);
  // `y` after both (fixed offset 32, column 30); its keyword maps to it.
  EXPECT_EQ(Fixes.toOriginalColumn("/a.cu", 32, 30), 12u);
  EXPECT_EQ(Fixes.toOriginalColumn("/a.cu", 23, 21), 12u);
  // Another file, or no column: unchanged.
  EXPECT_EQ(Fixes.toOriginalColumn("/b.cu", 32, 30), 30u);
  EXPECT_EQ(Fixes.toOriginalColumn("/a.cu", 32, 0), 0u);
}

TEST(ParseFixes, MovesAFindingToTheFileOnDisk) {
  ParseFixes Fixes;
  Fixes.add(keyword("/a.cu", 8, "template ", "x"));
  std::map<std::string, std::string> Originals = {
      {"/a.cu", "int\nf(a.x<>);\nint k;\n"}};
  // On the fixed text "int\nf(a.template x<>);\nint k;\n": a finding at
  // `k`, a replacement of `f(...)` and a copy of it.
  cudalower::Diagnostic D;
  D.File = "/a.cu";
  D.Offset = 27;
  Edit Replace;
  Replace.File = "/a.cu";
  Replace.Offset = 4;
  Replace.Length = 17;
  Replace.Text = "g()";
  Edit Copy;
  Copy.File = "/a.cu";
  Copy.Offset = 27;
  Copy.Text = "/*";
  Copy.IsCopy = true;
  Copy.CopyOffset = 4;
  Copy.CopyLength = 17;
  Copy.TextAfterCopy = "*/";
  D.Edits = {Replace, Copy};
  Fixes.mapToOriginal(D, Originals);
  EXPECT_EQ(D.Offset, 18u);
  EXPECT_EQ(D.Line, 3u);
  EXPECT_EQ(D.Column, 5u);
  EXPECT_EQ(D.SourceLine, "int k;");
  EXPECT_EQ(D.Edits[0].Offset, 4u);
  EXPECT_EQ(D.Edits[0].Length, 8u);
  EXPECT_EQ(D.Edits[1].Offset, 18u);
  EXPECT_EQ(D.Edits[1].CopyOffset, 4u);
  EXPECT_EQ(D.Edits[1].CopyLength, 8u);
}

} // namespace
