//===--- BuildCompare.cpp - One TU built two ways, compared ---------------===//

#include "Verify/BuildCompare.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

std::vector<unsigned> registersFromPtxasLog(llvm::StringRef Log) {
  // ptxas info    : Used 10 registers, used 0 barriers, 368 bytes cmem[0]
  std::vector<unsigned> Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Log.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    size_t At = L.find("Used ");
    if (!L.contains("ptxas") || At == llvm::StringRef::npos)
      continue;
    llvm::StringRef N = L.substr(At + 5);
    unsigned Regs = 0;
    if (!N.consumeInteger(10, Regs) && N.ltrim().starts_with("registers"))
      Out.push_back(Regs);
  }
  return Out;
}

static void sortUnique(std::vector<std::string> &V) {
  llvm::sort(V);
  V.erase(std::unique(V.begin(), V.end()), V.end());
}

std::vector<std::string> kernelsFromPtxasLog(llvm::StringRef Log) {
  // ptxas info    : Compiling entry function '_Z6kernelPi' for 'sm_90'
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Log.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    size_t At = L.find("Compiling entry function '");
    if (At == llvm::StringRef::npos)
      continue;
    llvm::StringRef Name = L.substr(At + 26).split('\'').first;
    if (!Name.empty())
      Out.push_back(Name.str());
  }
  sortUnique(Out);
  return Out;
}

std::vector<std::string> kernelsFromCuobjdump(llvm::StringRef Symbols) {
  // symbol 3  value 0x0 size 0x80 ... STT_FUNC STB_GLOBAL STO_ENTRY _Z6kernelPi
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Symbols.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    if (!L.contains("STO_ENTRY"))
      continue;
    llvm::StringRef Name = L.rtrim().rsplit(' ').second;
    if (!Name.empty())
      Out.push_back(Name.str());
  }
  sortUnique(Out);
  return Out;
}

void compareBuilds(TuComparison &C) {
  if (!C.Original.Built)
    C.Problems.push_back("the original did not build with its own flags");
  if (!C.Lowered.Built)
    C.Problems.push_back("the lowered source did not build without the flags");
  if (!C.Original.Built || !C.Lowered.Built)
    return;
  // Lambda kernels and functor kernels have different names; what must
  // agree is how many kernels the unit defines.
  if (C.Original.Kernels.size() != C.Lowered.Kernels.size())
    C.Problems.push_back(llvm::formatv("{0} kernels before, {1} after",
                                       C.Original.Kernels.size(),
                                       C.Lowered.Kernels.size()));
  const auto &RO = C.Original.Registers, &RL = C.Lowered.Registers;
  if (RO.size() != RL.size())
    C.Notes.push_back(llvm::formatv("ptxas reported {0} functions before, {1} "
                                    "after",
                                    RO.size(), RL.size()));
  else
    for (size_t I = 0; I < RO.size(); ++I)
      if (RO[I] != RL[I])
        C.Notes.push_back(llvm::formatv("function {0} (in ptxas order): {1} "
                                        "registers before, {2} after",
                                        I + 1, RO[I], RL[I]));
}

static llvm::json::Object toJson(const BuildResult &B) {
  llvm::json::Array Kernels, Regs;
  for (const std::string &K : B.Kernels)
    Kernels.push_back(K);
  for (unsigned R : B.Registers)
    Regs.push_back(R);
  return llvm::json::Object{{"built", B.Built},
                            {"seconds", B.Seconds},
                            {"object_bytes", static_cast<int64_t>(B.ObjectBytes)},
                            {"kernels", std::move(Kernels)},
                            {"registers", std::move(Regs)}};
}

llvm::json::Object toJson(const TuComparison &C) {
  llvm::json::Array Problems, Notes;
  for (const std::string &P : C.Problems)
    Problems.push_back(P);
  for (const std::string &N : C.Notes)
    Notes.push_back(N);
  return llvm::json::Object{{"source", C.Source},
                            {"original", toJson(C.Original)},
                            {"lowered", toJson(C.Lowered)},
                            {"problems", std::move(Problems)},
                            {"notes", std::move(Notes)}};
}

void printComparison(llvm::raw_ostream &OS, const TuComparison &C) {
  auto Line = [&](llvm::StringRef What, const BuildResult &B) {
    unsigned MaxRegs = 0;
    for (unsigned R : B.Registers)
      MaxRegs = std::max(MaxRegs, R);
    OS << llvm::formatv("  {0,-9}{1,-7} {2,8} bytes {3,7:f2} s  {4} kernels, "
                        "max {5} registers\n",
                        What, B.Built ? "built" : "FAILED", B.ObjectBytes,
                        B.Seconds, B.Kernels.size(), MaxRegs);
  };
  OS << C.Source << ": " << (C.Problems.empty() ? "same" : "DIFFERS") << '\n';
  Line("original", C.Original);
  Line("lowered", C.Lowered);
  for (const std::string &P : C.Problems)
    OS << "  problem: " << P << '\n';
  for (const std::string &N : C.Notes)
    OS << "  note: " << N << '\n';
}

} // namespace cudalower
