/**
 * Program texts of the GPU-kernel rollouts: Triton LayerNorm variants and inline-CUDA
 * softmax variants. Kept apart from the rollout scenarios because they are long and
 * are assembled from parts (kernel, launcher, self-test) that differ per version.
 */

/** The reference the TritonBench task ships (what `cat reference.py` prints). */
export const layerNormReference = `import torch


def layer_norm_ref(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """Row-wise LayerNorm over the last dimension; the kernel must match this within atol=1e-2."""
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), weight, bias, eps)
`;

/** Three passes over each row from global memory: correct, but slower than torch. */
export const threePassKernel = `@triton.jit
def _layer_norm_fwd(X, Y, W, B, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        acc += tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / N
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.0)
        acc += x * x
    rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(Y + cols, (x - mean) * rstd * w + b, mask=mask)`;

/** One load per row held in registers: fast, correct only while the row fits in BLOCK_SIZE. */
export const oneBlockKernel = `@triton.jit
def _layer_norm_fwd(X, Y, W, B, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xc = tl.where(mask, x - mean, 0.0)
    rstd = 1 / tl.sqrt(tl.sum(xc * xc, axis=0) / N + eps)
    w = tl.load(W + cols, mask=mask)
    b = tl.load(B + cols, mask=mask)
    tl.store(Y + row * stride + cols, xc * rstd * w + b, mask=mask)`;

/** A complete layernorm.py: imports, kernel, launcher, benchmark and the sizes to run. */
export function layerNormScript(kernel: string, launcher: string, sizes: string, dtype: string, imports = ''): string {
  return `${imports}import torch
import triton
import triton.language as tl


${kernel}


${launcher}


def bench(M, N, dtype):
    x = torch.randn(M, N, device="cuda", dtype=dtype)
    w = torch.rand(N, device="cuda", dtype=dtype)
    b = torch.rand(N, device="cuda", dtype=dtype)
    ref = torch.nn.functional.layer_norm(x, (N,), w, b)
    out = layer_norm(x, w, b)
    torch.testing.assert_close(out, ref, atol=1e-2, rtol=0)
    ms_ref = triton.testing.do_bench(lambda: torch.nn.functional.layer_norm(x, (N,), w, b))
    ms = triton.testing.do_bench(lambda: layer_norm(x, w, b))
    print(f"M={M} N={N}: torch {ms_ref:.3f} ms, triton {ms:.3f} ms, speedup {ms_ref / ms:.2f}x")


SIZES = ${sizes}

if __name__ == "__main__":
    for m, n in SIZES:
        bench(m, n, ${dtype})
`;
}

/** Launcher with a fixed block of `block` columns. */
export const fixedLauncher = (block: string): string => `def layer_norm(x, weight, bias, eps=1e-5):
    y = torch.empty_like(x)
    M, N = x.shape
    _layer_norm_fwd[(M,)](x, y, weight, bias, x.stride(0), N, eps, BLOCK_SIZE=${block})
    return y`;

/** Launcher sizing the block to the row and the warps to the block (needs `math`). */
export const adaptiveLauncher = `def layer_norm(x, weight, bias, eps=1e-5):
    M, N = x.shape
    y = torch.empty_like(x)
    BLOCK_SIZE = triton.next_power_of_2(N)
    # one warp per 256 columns, between 1 and 16 warps
    num_warps = min(max(2 ** int(math.log2(max(BLOCK_SIZE // 256, 1))), 1), 16)
    _layer_norm_fwd[(M,)](x, y, weight, bias, x.stride(0), N, eps, BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)
    return y`;

/** KernelBench level 1 problem 23, as `cat 23_Softmax.py` shows it. */
export const softmaxReference = `import torch
import torch.nn as nn


class Model(nn.Module):
    """Softmax over the feature dimension."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=1)


batch_size = 16
dim = 16384


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
`;

/** Block-wide tree reductions in shared memory, one block per row. */
export const blockReduceCuda = `#include <torch/extension.h>

__global__ void softmax_kernel(const float* x, float* y, int rows, int cols) {
    int row = blockIdx.x;
    int tid = threadIdx.x;
    extern __shared__ float buf[];
    float m = -INFINITY;
    for (int i = tid; i < cols; i += blockDim.x) m = fmaxf(m, x[row * cols + i]);
    buf[tid] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) buf[tid] = fmaxf(buf[tid], buf[tid + s]);
        __syncthreads();
    }
    m = buf[0];
    __syncthreads();
    float sum = 0.f;
    for (int i = tid; i < cols; i += blockDim.x) sum += __expf(x[row * cols + i] - m);
    buf[tid] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) buf[tid] += buf[tid + s];
        __syncthreads();
    }
    sum = buf[0];
    for (int i = tid; i < cols; i += blockDim.x) y[row * cols + i] = __expf(x[row * cols + i] - m) / sum;
}

torch::Tensor softmax_cuda(torch::Tensor x) {
    auto y = torch::empty_like(x);
    int rows = x.size(0), cols = x.size(1);
    int threads = 1024;
    softmax_kernel<<<rows, threads, threads>>>(x.data_ptr<float>(), y.data_ptr<float>(), rows, cols);
    return y;
}`;

/** Warp-shuffle reductions over float4 loads; the cross-warp step reads `red[lane]` for every lane. */
export const warpShuffleCuda = `#include <torch/extension.h>

constexpr int THREADS = 512;
constexpr int WARPS = THREADS / 32;

__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}

__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

__global__ void softmax_kernel(const float4* x, float4* y, int cols4) {
    __shared__ float red[WARPS];
    const float4* xr = x + (size_t)blockIdx.x * cols4;
    float4* yr = y + (size_t)blockIdx.x * cols4;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;

    float m = -INFINITY;
    for (int i = threadIdx.x; i < cols4; i += THREADS) {
        float4 v = xr[i];
        m = fmaxf(m, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
    }
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = warp_max(red[lane]);
    __syncthreads();

    float s = 0.f;
    for (int i = threadIdx.x; i < cols4; i += THREADS) {
        float4 v = xr[i];
        s += __expf(v.x - m) + __expf(v.y - m) + __expf(v.z - m) + __expf(v.w - m);
    }
    s = warp_sum(s);
    if (lane == 0) red[warp] = s;
    __syncthreads();
    s = warp_sum(red[lane]);

    for (int i = threadIdx.x; i < cols4; i += THREADS) {
        float4 v = xr[i];
        yr[i] = make_float4(__expf(v.x - m) / s, __expf(v.y - m) / s, __expf(v.z - m) / s, __expf(v.w - m) / s);
    }
}

torch::Tensor softmax_cuda(torch::Tensor x) {
    auto y = torch::empty_like(x);
    int rows = x.size(0), cols = x.size(1);
    softmax_kernel<<<rows, THREADS>>>(reinterpret_cast<const float4*>(x.data_ptr<float>()),
                                      reinterpret_cast<float4*>(y.data_ptr<float>()), cols / 4);
    return y;
}`;

/** One thread per row, three sequential sweeps (the semicolon after -INFINITY is missing). */
export const threadPerRowCuda = `#include <torch/extension.h>

__global__ void softmax_rows(const float* x, float* y, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* xr = x + (size_t)row * cols;
    float* yr = y + (size_t)row * cols;
    float m = -INFINITY
    for (int i = 0; i < cols; ++i) m = fmaxf(m, xr[i]);
    float sum = 0.f;
    for (int i = 0; i < cols; ++i) sum += expf(xr[i] - m);
    for (int i = 0; i < cols; ++i) yr[i] = expf(xr[i] - m) / sum;
}

torch::Tensor softmax_cuda(torch::Tensor x) {
    auto y = torch::empty_like(x);
    int rows = x.size(0), cols = x.size(1);
    softmax_rows<<<(rows + 127) / 128, 128>>>(x.data_ptr<float>(), y.data_ptr<float>(), rows, cols);
    return y;
}`;

/** model_new.py around a CUDA source, with the self-test the agent runs. */
export function modelNewScript(cuda: string, selfTest: string): string {
  return `import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = r"""
${cuda}
"""
cpp_src = "torch::Tensor softmax_cuda(torch::Tensor x);"

softmax_ext = load_inline(name="softmax_ext", cpp_sources=cpp_src, cuda_sources=cuda_src,
                          functions=["softmax_cuda"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return softmax_ext.softmax_cuda(x.contiguous())


if __name__ == "__main__":
    x = torch.randn(16, 16384, device="cuda")
    out = ModelNew()(x)
    ref = torch.softmax(x, dim=1)
${selfTest}
`;
}

/** Self-test printing the largest difference (its `.item()` is where async CUDA faults surface). */
export const printDiffTest = '    print("max abs diff:", (out - ref).abs().max().item())';

/** Self-test asserting closeness at the task's tolerance. */
export const assertTest = '    torch.testing.assert_close(out, ref, atol=1e-2, rtol=1e-2)\n    print("self-test passed")';
