//===--- Progress.cpp - How far a run over many sources is ----------------===//

#include "Output/Progress.h"
#include "Output/DiagnosticPrinter.h"
#include "llvm/Support/Format.h"

namespace cudalower {

ProgressLine::ProgressLine(llvm::raw_ostream &OS, size_t Total,
                           ProgressStyle Style, llvm::StringRef Step)
    : OS(OS), Total(Total), Style(Total > 1 ? Style : ProgressStyle::None),
      Step(Step.empty() ? "" : Step.str() + " "),
      Start(std::chrono::steady_clock::now()) {}

std::string ProgressLine::formatSeconds(double Seconds) {
  unsigned S = static_cast<unsigned>(Seconds + 0.5);
  if (S < 60)
    return std::to_string(S) + "s";
  std::string Out;
  llvm::raw_string_ostream(Out)
      << S / 60 << 'm' << llvm::format("%02u", S % 60) << 's';
  return Out;
}

double ProgressLine::estimateLeft(double Elapsed, size_t Done, size_t Total) {
  if (Done == 0 || Done >= Total)
    return 0;
  return Elapsed / Done * (Total - Done);
}

std::string ProgressLine::text(size_t Done, llvm::StringRef Last) const {
  double Elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  std::string Out;
  llvm::raw_string_ostream S(Out);
  S << "cuda-lower: " << Step << '[' << Done << '/' << Total << "] " << displayPath(Last)
    << " (" << formatSeconds(Elapsed) << " elapsed";
  if (Done < Total)
    S << ", about " << formatSeconds(estimateLeft(Elapsed, Done, Total))
      << " left";
  S << ')';
  return Out;
}

void ProgressLine::update(size_t Done, llvm::StringRef Last) {
  switch (Style) {
  case ProgressStyle::None:
    return;
  case ProgressStyle::Plain:
    // A log gets a line per source: what a build log shows, and where a
    // run that was killed stopped.
    if (Total >= PlainMinimum)
      OS << text(Done, Last) << '\n';
    return;
  case ProgressStyle::Terminal:
    // Carriage return and erase-line redraw it in place.
    OS << '\r' << text(Done, Last) << "\x1b[K";
    OS.flush();
    Drawn = true;
    return;
  }
}

void ProgressLine::clear() {
  if (!Drawn)
    return;
  OS << "\r\x1b[K";
  OS.flush();
  Drawn = false;
}

} // namespace cudalower
