//===- Fingerprint.cpp ----------------------------------------------------===//
#include "lib/report/Fingerprint.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>
#include <map>
#include <numeric>

namespace kerneltidy {

llvm::StringRef SourceCache::line(llvm::StringRef File, unsigned Line) {
  auto It = Files.find(File);
  if (It == Files.end()) {
    Entry E;
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (Buf) {
      E.Buffer = std::move(*Buf);
      llvm::StringRef Text = E.Buffer->getBuffer();
      E.Starts.push_back(0);
      for (size_t I = 0; I < Text.size(); ++I)
        if (Text[I] == '\n')
          E.Starts.push_back(I + 1);
    }
    It = Files.try_emplace(File, std::move(E)).first;
  }
  const Entry &E = It->second;
  if (!E.Buffer || Line == 0 || Line > E.Starts.size())
    return {};
  llvm::StringRef Text = E.Buffer->getBuffer().drop_front(E.Starts[Line - 1]);
  // Columns on line 1 do not count a UTF-8 byte-order mark (clang's do
  // not), so the line they index starts after it.
  if (Line == 1)
    Text.consume_front("\xEF\xBB\xBF");
  return Text.take_until([](char C) { return C == '\n'; }).rtrim('\r');
}

std::string pathRelativeTo(llvm::StringRef File, llvm::StringRef Root) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Base(Root);
  if (Base.empty())
    llvm::sys::fs::current_path(Base);
  llvm::sys::fs::make_absolute(Base);
  llvm::sys::path::remove_dots(Base, /*remove_dot_dot=*/true);
  llvm::StringRef Rest(Abs);
  if (Rest.consume_front(Base) &&
      (Rest.empty() || llvm::sys::path::is_separator(Rest.front()) ||
       llvm::sys::path::is_separator(Base.back())))
    return llvm::sys::path::convert_to_slash(Rest.ltrim('/'));
  return llvm::sys::path::convert_to_slash(Abs);
}

static std::string withoutWhitespace(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (!llvm::isSpace(C))
      Out.push_back(C);
  return Out;
}

std::vector<std::string> computeFingerprints(const AnalysisResult &Result,
                                             llvm::StringRef Root,
                                             SourceCache &Sources) {
  const std::vector<Finding> &Fs = Result.Findings;
  // Occurrences are counted in source order, whatever order Result has.
  std::vector<size_t> Order(Fs.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return findingLess(Fs[A], Fs[B]);
  });
  std::map<std::string, unsigned> Seen;
  std::vector<std::string> Out(Fs.size());
  for (size_t I : Order) {
    const Finding &F = Fs[I];
    std::string Key = F.Check + '\0' + pathRelativeTo(F.Pos.File, Root) +
                      '\0' +
                      withoutWhitespace(Sources.line(F.Pos.File, F.Pos.Line));
    unsigned Occurrence = Seen[Key]++;
    Key += '\0' + std::to_string(Occurrence);
    auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
    Out[I] = llvm::toHex(llvm::ArrayRef<uint8_t>(Hash).take_front(16),
                         /*LowerCase=*/true);
  }
  return Out;
}

} // namespace kerneltidy
