//===--- ClangFlagCheck.cpp - Flags Clang's driver does not know ----------===//

#include "Driver/ClangFlagCheck.h"
#include "clang/Options/Options.h"
#include "llvm/Option/ArgList.h"
#include <set>

namespace cudalower {

std::vector<std::string> dropUnknownClangFlags(std::vector<std::string> &Args) {
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::options::ClangOption));
  std::set<unsigned> Unknown;
  for (const llvm::opt::Arg *A : Parsed.filtered(clang::options::OPT_UNKNOWN))
    Unknown.insert(A->getIndex());
  std::vector<std::string> Dropped, Kept;
  for (unsigned I = 0; I < Args.size(); ++I)
    (Unknown.count(I) ? Dropped : Kept).push_back(std::move(Args[I]));
  Args = std::move(Kept);
  return Dropped;
}

} // namespace cudalower
