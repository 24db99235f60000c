//===- HostReference.h - fp64 host references for the seed operations -----===//
//
// Straightforward double-precision loops, independent of every kernel under
// test: what the fixtures and the reference kernels are compared against.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIDY_RUNTIME_KERNELS_HARNESS_HOSTREFERENCE_H
#define KERNELTIDY_RUNTIME_KERNELS_HARNESS_HOSTREFERENCE_H

#include <cmath>
#include <cstdint>
#include <vector>

namespace kerneltidy {
namespace runtime {
namespace host {

/// Softmax along dim of [outer, dim, inner].
inline std::vector<double> spatialSoftmaxForward(const std::vector<double> &in,
                                                 int64_t outer, int64_t dim,
                                                 int64_t inner) {
  std::vector<double> out(in.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * dim * inner + i;
      double max_value = -INFINITY;
      for (int64_t d = 0; d < dim; ++d)
        max_value = std::fmax(max_value, in[base + d * inner]);
      double sum = 0;
      for (int64_t d = 0; d < dim; ++d)
        sum += std::exp(in[base + d * inner] - max_value);
      for (int64_t d = 0; d < dim; ++d)
        out[base + d * inner] = std::exp(in[base + d * inner] - max_value) / sum;
    }
  return out;
}

/// grad_input = output * (grad_output - sum_d(grad_output * output)).
inline std::vector<double>
spatialSoftmaxBackward(const std::vector<double> &output,
                       const std::vector<double> &grad_output, int64_t outer,
                       int64_t dim, int64_t inner) {
  std::vector<double> grad_input(output.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * dim * inner + i;
      double sum = 0;
      for (int64_t d = 0; d < dim; ++d)
        sum += grad_output[base + d * inner] * output[base + d * inner];
      for (int64_t d = 0; d < dim; ++d)
        grad_input[base + d * inner] =
            output[base + d * inner] * (grad_output[base + d * inner] - sum);
    }
  return grad_input;
}

enum class Reduction { None, Mean, Sum };

struct NllForward {
  std::vector<double> output; // [N * D] for None, [1] otherwise
  double total_weight = 0;
};

/// nll_loss over [N, C, D] (D = 1 for the 1-D op); weight empty = all ones.
inline NllForward nllForward(const std::vector<double> &input,
                             const std::vector<int64_t> &target,
                             const std::vector<double> &weight, int64_t n_rows,
                             int64_t n_classes, int64_t map_nelem,
                             int64_t ignore_index, Reduction reduction) {
  NllForward result;
  std::vector<double> losses(n_rows * map_nelem, 0.0);
  double sum = 0;
  for (int64_t n = 0; n < n_rows; ++n)
    for (int64_t d = 0; d < map_nelem; ++d) {
      const int64_t t = target[n * map_nelem + d];
      if (t == ignore_index)
        continue;
      const double w = weight.empty() ? 1.0 : weight[t];
      const double loss = -input[(n * n_classes + t) * map_nelem + d] * w;
      losses[n * map_nelem + d] = loss;
      sum += loss;
      result.total_weight += w;
    }
  if (reduction == Reduction::None)
    result.output = losses;
  else
    result.output = {reduction == Reduction::Mean ? sum / result.total_weight
                                                  : sum};
  return result;
}

/// Backward of nllForward: [N, C, D], zero where nothing flows.
inline std::vector<double>
nllBackward(const std::vector<double> &grad_output,
            const std::vector<int64_t> &target,
            const std::vector<double> &weight, double total_weight,
            int64_t n_rows, int64_t n_classes, int64_t map_nelem,
            int64_t ignore_index, Reduction reduction) {
  std::vector<double> grad_input(n_rows * n_classes * map_nelem, 0.0);
  for (int64_t n = 0; n < n_rows; ++n)
    for (int64_t d = 0; d < map_nelem; ++d) {
      const int64_t t = target[n * map_nelem + d];
      if (t == ignore_index)
        continue;
      double scale = reduction == Reduction::None ? grad_output[n * map_nelem + d]
                                                  : grad_output[0];
      if (reduction == Reduction::Mean)
        scale /= total_weight;
      const double w = weight.empty() ? 1.0 : weight[t];
      grad_input[(n * n_classes + t) * map_nelem + d] = -scale * w;
    }
  return grad_input;
}

} // namespace host
} // namespace runtime
} // namespace kerneltidy

#endif
