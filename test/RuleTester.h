//===--- RuleTester.h - Run rules over in-memory code in unit tests -*- C++ -*-//
#pragma once

#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace cudalower::test {

struct LowerResult {
  std::string Output;      ///< The rewritten main file.
  std::string Diagnostics; ///< What the tool printed on stderr.
  int ExitCode = 0;
};

/// Puts \p Code in an in-memory directory as \p FileName (plus any
/// \p Headers, as name/text pairs, found with -I), runs the tool over it
/// with only \p Rules (comma-separated) enabled, and returns the rewritten
/// main file. Nothing is written to disk.
LowerResult runRules(llvm::StringRef Code, llvm::StringRef Rules,
                     std::vector<std::pair<std::string, std::string>> Headers = {},
                     llvm::StringRef FileName = "input.cu",
                     std::vector<std::string> ExtraArgs = {},
                     std::vector<std::string> RuleOptions = {});

/// Parses \p Code as CUDA for the host pass (or the device pass) and returns
/// the AST, for tests of a rule's decision logic.
std::unique_ptr<clang::ASTUnit> parseCuda(llvm::StringRef Code,
                                          bool DevicePass = false);

/// The first reference in the main file of \p AST to a declaration named
/// \p Name, or null.
const clang::Expr *refTo(clang::ASTUnit &AST, llvm::StringRef Name);

} // namespace cudalower::test
