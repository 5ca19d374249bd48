//===--- SpellingFixFinder.h - The parse's spelling fixes, for tests -*- C++
//-*-===//
//
// Parses a snippet with Clang and, for each error, records the fix
// nvccSpellingFix finds with Sema's state when Clang reported it, as the
// parse's ErrorPrinter does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/SpellingFixes.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/Tooling.h"
#include <string>
#include <vector>

namespace cudalower::spellingfix {

using namespace clang;

/// For each error of a parse, the fix nvccSpellingFix finds with Sema's
/// state when Clang reported it, as "line:column [removed->]text name", or
/// "none" (the parse's ErrorPrinter does the same).
class SpellingFixFinder : public DiagnosticConsumer {
public:
  explicit SpellingFixFinder(std::vector<std::string> &Out) : Out(Out) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level == DiagnosticsEngine::Note) {
      if (!Held.empty())
        Held.emplace_back(Level, Info);
      return;
    }
    flush();
    if (Level < DiagnosticsEngine::Error)
      return;
    Held.emplace_back(Level, Info);
    if (S)
      Where = contextOf(*S, Info);
  }
  void EndSourceFile() override { flush(); }
  Sema *S = nullptr;
  std::vector<std::string> Hints; ///< nvccExtensionHint's, per error.

private:
  void flush() {
    if (Held.empty())
      return;
    Hints.push_back(nvccExtensionHint(Held, Where));
    std::optional<ParseFixSite> Site = nvccSpellingFix(Held, Where);
    if (!Site) {
      Out.push_back("none");
    } else {
      bool Invalid = false;
      llvm::StringRef Removed(Site->Loc.getCharacterData(&Invalid),
                              Site->Length);
      Out.push_back(std::to_string(Site->Loc.getSpellingLineNumber()) + ":" +
                    std::to_string(Site->Loc.getSpellingColumnNumber()) + " " +
                    (Removed.empty() ? "" : Removed.str() + "->") + Site->Text +
                    " " + Site->Name);
      for (const FullSourceLoc &Also : Site->Also)
        Out.back() += " +" + std::to_string(Also.getSpellingLineNumber()) +
                      ":" + std::to_string(Also.getSpellingColumnNumber());
    }
    Held.clear();
    Where = {};
  }
  std::vector<std::string> &Out;
  std::vector<StoredDiagnostic> Held;
  ErrorContext Where;
};

class TapAction : public ASTFrontendAction {
public:
  explicit TapAction(SpellingFixFinder &F) : F(F) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<SemaTap>([this](Sema *S) { F.S = S; });
  }

private:
  SpellingFixFinder &F;
};

/// The fixes found for the errors of \p Code (C++17), in order; the
/// hints for them in \p Hints. nvcc's lambda traits are defined as the
/// parse defines them.
inline std::vector<std::string>
spellingFixesFor(llvm::StringRef Code,
                 std::vector<std::string> *Hints = nullptr,
                 std::vector<std::string> Args = {}) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile("/t/input.cc", 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Memory);
  std::vector<std::string> Out;
  SpellingFixFinder Finder(Out);
  std::vector<std::string> Command = {
      "clang++", "-fsyntax-only", "-std=c++17",
      "-D__nv_is_extended_device_lambda_closure_type(...)=(__is_same(__VA_"
      "ARGS__, void) && false)"};
  Command.insert(Command.end(), Args.begin(), Args.end());
  Command.push_back("/t/input.cc");
  tooling::ToolInvocation Invocation(
      Command, std::make_unique<TapAction>(Finder), Files.get());
  Invocation.setDiagnosticConsumer(&Finder);
  Invocation.run();
  if (Hints)
    *Hints = Finder.Hints;
  return Out;
}

/// The fixes for the errors of \p Code as CUDA, in the device pass (host
/// pass if \p Device is false), without the CUDA headers.
inline std::vector<std::string>
cudaSpellingFixesFor(llvm::StringRef Code,
                     std::vector<std::string> *Hints = nullptr,
                     bool Device = true) {
  return spellingFixesFor(
      Code, Hints,
      {"-x", "cuda", Device ? "--cuda-device-only" : "--cuda-host-only",
       "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib",
       "--no-cuda-version-check", "-D__host__=__attribute__((host))",
       "-D__device__=__attribute__((device))"});
}

} // namespace cudalower::spellingfix
