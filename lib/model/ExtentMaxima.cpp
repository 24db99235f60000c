//===- ExtentMaxima.cpp - realistic maxima per role, and witnesses --------===//
#include "lib/model/ExtentMaxima.h"
#include "llvm/ADT/STLExtras.h"
#include <cctype>
#include <limits>

namespace kerneltidy {

namespace {

struct RoleRow {
  llvm::StringLiteral Noun, Option;
  uint64_t Default;
};

constexpr RoleRow Rows[] = {
#define KT_EXTENT_ROLE(Id, Noun, Option, Default) {Noun, Option, Default},
#include "lib/model/ExtentMaxima.def"
#undef KT_EXTENT_ROLE
};

const RoleRow &row(ExtentRole R) { return Rows[static_cast<unsigned>(R)]; }

constexpr uint64_t Unbounded = std::numeric_limits<uint64_t>::max();

uint64_t saturatingMul(uint64_t A, uint64_t B) {
  if (A == 0 || B == 0)
    return 0;
  return A > Unbounded / B ? Unbounded : A * B;
}

uint64_t saturatingAdd(uint64_t A, uint64_t B) {
  return A > Unbounded - B ? Unbounded : A + B;
}

/// The maximum of an arithmetic text, by recursive descent over + - * / %
/// << >>, parentheses, literals, names (with '.' and '->' members) and
/// casts; a call, a subscript or anything else is unbounded.
class MaximumParser {
public:
  MaximumParser(llvm::StringRef Text, const ExtentMaxima &M) : S(Text), M(M) {}

  std::optional<uint64_t> run() {
    uint64_t V = expr();
    skipSpace();
    if (Failed || I != S.size() || V == Unbounded)
      return std::nullopt;
    return V;
  }
  /// Whether a name's role gave some part of the text its maximum.
  bool usedRole() const { return UsedRole; }

private:
  llvm::StringRef S;
  const ExtentMaxima &M;
  size_t I = 0;
  bool Failed = false;
  bool UsedRole = false;

  void skipSpace() {
    while (I < S.size() && std::isspace(static_cast<unsigned char>(S[I])))
      ++I;
  }
  bool take(llvm::StringRef Tok) {
    skipSpace();
    if (S.substr(I).starts_with(Tok)) {
      I += Tok.size();
      return true;
    }
    return false;
  }
  static bool isIdentChar(char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  }

  uint64_t expr() {
    uint64_t V = term();
    while (!Failed) {
      if (take("+"))
        V = saturatingAdd(V, term());
      else if (S.substr(I).starts_with("->"))
        break;
      else if (take("-"))
        (void)term(); // a difference is at most its minuend
      else
        break;
    }
    return V;
  }

  uint64_t term() {
    uint64_t V = unary();
    while (!Failed) {
      if (take("*")) {
        V = saturatingMul(V, unary());
      } else if (take("/")) {
        (void)unary();
      } else if (take("%")) {
        uint64_t R = unary();
        // Below the divisor, and below the dividend.
        V = std::min(V, R == Unbounded ? Unbounded : (R ? R - 1 : 0));
      } else if (take(">>")) {
        (void)unary();
      } else if (take("<<")) {
        uint64_t R = unary();
        V = R < 63 ? saturatingMul(V, uint64_t(1) << R) : Unbounded;
      } else {
        break;
      }
    }
    return V;
  }

  uint64_t unary() {
    if (take("+"))
      return unary();
    return primary();
  }

  static bool isIntegerTypeName(llvm::StringRef N) {
    return N == "int" || N == "unsigned" || N == "long" || N == "size_t" ||
           N == "int32_t" || N == "int64_t" || N == "uint32_t" ||
           N == "uint64_t" || N == "index_t";
  }

  uint64_t primary() {
    skipSpace();
    if (I >= S.size()) {
      Failed = true;
      return Unbounded;
    }
    if (std::isdigit(static_cast<unsigned char>(S[I]))) {
      size_t J = I;
      while (J < S.size() && std::isalnum(static_cast<unsigned char>(S[J])))
        ++J;
      llvm::StringRef Lit = S.slice(I, J).rtrim("uUlL");
      I = J;
      uint64_t V = 0;
      if (Lit.getAsInteger(0, V))
        return Unbounded;
      return V;
    }
    if (take("(")) {
      // A C cast '(int64_t)x' or a parenthesised expression.
      size_t Save = I;
      skipSpace();
      size_t J = I;
      while (J < S.size() && isIdentChar(S[J]))
        ++J;
      llvm::StringRef Word = S.slice(I, J);
      I = J;
      if (isIntegerTypeName(Word) && take(")"))
        return unary();
      I = Save;
      uint64_t V = expr();
      if (!take(")"))
        Failed = true;
      return V;
    }
    if (!isIdentChar(S[I])) {
      Failed = true;
      return Unbounded;
    }
    // A name with its members: 'params.hiddenDim', 'p->n_tokens'.
    size_t Start = I;
    llvm::StringRef Last;
    while (true) {
      size_t J = I;
      while (J < S.size() && isIdentChar(S[J]))
        ++J;
      Last = S.slice(I, J);
      I = J;
      if (S.substr(I).starts_with(".") && I + 1 < S.size() &&
          isIdentChar(S[I + 1]))
        ++I;
      else if (S.substr(I).starts_with("->"))
        I += 2;
      else
        break;
    }
    llvm::StringRef Whole = S.slice(Start, I);
    // A functional or named cast: 'int(x)', 'static_cast<int>(x)'.
    if (Whole == "static_cast" && take("<")) {
      while (I < S.size() && S[I] != '>')
        ++I;
      if (!take(">"))
        Failed = true;
      Whole = "int";
    }
    skipSpace();
    if (I < S.size() && (S[I] == '(' || S[I] == '[')) {
      if (isIntegerTypeName(Whole) && take("(")) {
        uint64_t V = expr();
        if (!take(")"))
          Failed = true;
        return V;
      }
      // A call or a subscript: its value is not known here. Skip it so the
      // rest of the text parses.
      char Open = S[I], Close = Open == '(' ? ')' : ']';
      int Depth = 0;
      for (; I < S.size(); ++I) {
        Depth += S[I] == Open;
        if (S[I] == Close && --Depth == 0) {
          ++I;
          break;
        }
      }
      return Unbounded;
    }
    if (auto R = extentRoleFromName(Last))
      if (uint64_t V = M.of(*R)) {
        UsedRole = true;
        return V;
      }
    return Unbounded;
  }
};

bool hasWord(llvm::ArrayRef<std::string> Words,
             std::initializer_list<llvm::StringRef> Any) {
  return llvm::any_of(Words, [&](const std::string &W) {
    return llvm::is_contained(Any, llvm::StringRef(W));
  });
}

} // namespace

llvm::StringRef extentRoleNoun(ExtentRole R) { return row(R).Noun; }
llvm::StringRef extentRoleOption(ExtentRole R) { return row(R).Option; }
uint64_t extentRoleDefault(ExtentRole R) { return row(R).Default; }

std::optional<ExtentRole> extentRoleFromName(llvm::StringRef Name) {
  // The conventional single letters of B x T x C code (RWKV, llm.c, ggml's
  // wkv): T tokens, C channels. Other letters (H: heads or height, D: head
  // or model dimension) say too little.
  if (Name == "T")
    return ExtentRole::Tokens;
  if (Name == "C")
    return ExtentRole::RowWidth;
  auto Words = nameComponents(Name);
  // A stride, pointer or offset spans the dimensions inside it.
  if (hasWord(Words, {"stride", "strides", "ptr", "offset", "offsets",
                      "bytes", "nb"}))
    return std::nullopt;
  bool Head = hasWord(Words, {"head", "heads", "nh", "nheads", "hq", "hk",
                              "hv"});
  if (hasWord(Words, {"headdim", "dhead", "hdim"}) ||
      (Head && hasWord(Words, {"dim", "size", "d", "hd"})))
    return ExtentRole::HeadDim;
  if (Head)
    return ExtentRole::Heads;
  if (hasWord(Words, {"token", "tokens", "tok", "toks", "ntokens", "ntok",
                      "seqlen", "seqlens"}) ||
      (hasWord(Words, {"seq"}) && hasWord(Words, {"len", "length"})))
    return ExtentRole::Tokens;
  if (hasWord(Words, {"topk"}) ||
      (hasWord(Words, {"top"}) && hasWord(Words, {"k"})))
    return ExtentRole::TopK;
  if (hasWord(Words, {"expert", "experts", "nexperts"}))
    return ExtentRole::Experts;
  if (hasWord(Words, {"lane", "lanes"}))
    return ExtentRole::Lanes;
  if (hasWord(Words, {"warp", "warps"}))
    return ExtentRole::Warps;
  if (hasWord(Words, {"seq", "seqs", "sequence", "sequences", "batch",
                      "batches", "req", "reqs", "request", "requests"}))
    return ExtentRole::Sequences;
  if (hasWord(Words, {"hidden", "embd", "embed", "dmodel", "channel",
                      "channels", "feat", "feats", "feature", "features"}) ||
      (hasWord(Words, {"d"}) && hasWord(Words, {"model"})))
    return ExtentRole::RowWidth;
  // An image's sides: 'height', 'output_width', 'outputH', 'isizeW', and
  // the abbreviations of convolution and pooling code ('ih', 'ow', 'in_h',
  // 'out_w'). A lone 'H' or 'W' says too little (heads, a weight).
  if (hasWord(Words, {"height", "width", "depth", "ih", "iw", "oh", "ow",
                      "isizeh", "isizew", "osizeh", "osizew"}) ||
      (hasWord(Words, {"h", "w"}) &&
       hasWord(Words, {"in", "out", "input", "output", "src", "dst", "isize",
                       "osize", "size"})))
    return ExtentRole::ImageSide;
  return std::nullopt;
}

ExtentMaxima::ExtentMaxima() {
  for (unsigned R = 0; R < NumExtentRoles; ++R)
    Max_[R] = Rows[R].Default;
}

ExtentMaxima ExtentMaxima::fromCheckOptions(
    const std::map<std::string, std::string> &CheckOptions) {
  ExtentMaxima M;
  for (unsigned R = 0; R < NumExtentRoles; ++R) {
    auto It = CheckOptions.find("kernel-int32-offset." +
                                Rows[R].Option.str());
    uint64_t V = 0;
    if (It != CheckOptions.end() &&
        !llvm::StringRef(It->second).trim().getAsInteger(10, V))
      M.Max_[R] = V;
  }
  return M;
}

uint64_t ExtentMaxima::of(ExtentRole R) const {
  uint64_t V = Max_[static_cast<unsigned>(R)];
  if (V == 0 && R == ExtentRole::Sequences)
    return Max_[static_cast<unsigned>(ExtentRole::Tokens)];
  return V;
}

std::optional<uint64_t> ExtentMaxima::maximumOf(llvm::StringRef Text,
                                                bool *FromRole) const {
  MaximumParser P(Text, *this);
  std::optional<uint64_t> Max = P.run();
  if (FromRole)
    *FromRole = Max && P.usedRole();
  return Max;
}

std::string groupDigits(uint64_t V) {
  std::string Digits = std::to_string(V), Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

WrapReach wrapReach(const OffsetEvidence &E, const ExtentMaxima &M,
                    uint64_t Limit) {
  WrapReach Out;
  if (E.Factors.empty())
    return Out;
  struct Bound {
    const OffsetFactor *F;
    std::optional<uint64_t> Max;
    bool FromRole;
  };
  llvm::SmallVector<Bound, 3> Bounds;
  for (const OffsetFactor &F : E.Factors) {
    Bound B{&F, std::nullopt, false};
    if (F.Role == FactorRole::Hardware) {
      // A thread index inside a block: at most 1,024 threads.
      B.Max = 1024;
    } else {
      B.Max = M.maximumOf(F.Text, &B.FromRole);
      B.FromRole &= F.Role != FactorRole::Constant;
    }
    Bounds.push_back(B);
  }
  uint64_t Product = 1;
  unsigned Open = 0;
  const Bound *Free = nullptr;
  bool AnyRole = false;
  for (const Bound &B : Bounds) {
    if (B.Max) {
      Product = saturatingMul(Product, *B.Max);
      AnyRole |= B.FromRole;
    } else {
      ++Open;
      Free = &B;
    }
  }
  if (Open == 0 && Product <= Limit) {
    Out.Reachable = false;
    return Out;
  }
  if (!AnyRole || Open > 1 || Product == 0)
    return Out;
  // The factors with a maximum, other than Except, at their maxima.
  auto Bounded = [&](const Bound *Except) {
    std::string S;
    for (const Bound &B : Bounds)
      if (&B != Except && B.Max && B.F->Role != FactorRole::Constant)
        S += (S.empty() ? "" : ", ") + B.F->Text + " = " + groupDigits(*B.Max);
    return S;
  };
  // Every factor bounded, their maxima past the limit: the smallest shape
  // raises the factor of the largest maximum just past the limit, the
  // others at their maxima ('token_idx = 32,768 with hidden_size = 65,536',
  // not 16,777,216 tokens).
  if (Open == 0) {
    const Bound *Widest = nullptr;
    for (const Bound &B : Bounds)
      if (B.F->Role != FactorRole::Constant && (!Widest || *B.Max > *Widest->Max))
        Widest = &B;
    if (!Widest)
      return Out;
    uint64_t Others = 1;
    for (const Bound &B : Bounds)
      if (&B != Widest)
        Others = saturatingMul(Others, *B.Max);
    if (Others == 0 || Others > Limit)
      return Out;
    Free = Widest;
    Product = Others;
  }
  uint64_t Need = Limit / Product + 1;
  Out.Witness = Free->F->Text + " = " + groupDigits(Need);
  auto Rest = Bounded(Free);
  if (!Rest.empty())
    Out.Witness += " with " + Rest;
  return Out;
}

} // namespace kerneltidy
