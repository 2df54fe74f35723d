/**
 * GPU-kernel rollouts: TritonBench LayerNorm (mining) and KernelBench softmax (held
 * out). Failures here are CUDA out-of-memory, kernels that disagree with the reference,
 * asynchronous illegal memory accesses and nvcc compile errors inside `load_inline`.
 */
import { libFrame, lineOf, programFrame, traceback } from './python-traceback';
import { grepN, ls, nvidiaSmi, pipList } from './explore';
import {
  adaptiveLauncher,
  assertTest,
  blockReduceCuda,
  fixedLauncher,
  layerNormReference,
  layerNormScript,
  modelNewScript,
  oneBlockKernel,
  printDiffTest,
  softmaxReference,
  threePassKernel,
  threadPerRowCuda,
  warpShuffleCuda,
} from './kernel-sources';
import { type RolloutBuilder, crash, ok, startRollout } from './rollout-builder';
import { assertClose, cudaIllegalAccess, cudaOom, extensionBuildFailed, moduleCall } from './tracebacks';

const pool = (id: string, task: string, agent: string, seed: number): RolloutBuilder => startRollout({ id, task, collection: 'pool', agent, seed });

const LN = 'layernorm.py';
const MODEL = 'model_new.py';
const SIZES = '[(4096, 1024), (4096, 4096), (4096, 8192)]';

/** Stress size runs out of GPU memory; a one-block kernel is fast but wrong at N=8192; the safe kernel is slow. */
function r0107() {
  const b = pool('r-0107', 'tritonbench-layernorm', 'haiku-4.5', 1);
  ls(b);
  nvidiaSmi(b);
  b.sh('cat reference.py', { stdout: layerNormReference });
  pipList(b, ['torch', 'triton']);
  b.write(LN, layerNormScript(threePassKernel, fixedLauncher('128'), `${SIZES.slice(0, -1)}, (65536, 65536)]  # last one is a stress test`, 'torch.float32'));
  b.run(
    `python ${LN}`,
    LN,
    (src, file) =>
      crash(
        cudaOom(
          [
            programFrame(file, src, 'bench(m, n, torch.float32)'),
            programFrame(file, src, 'ref = torch.nn.functional.layer_norm(x, (N,), w, b)', 'bench', { seg: 'torch.nn.functional.layer_norm(x, (N,), w, b)' }),
            libFrame('torch/nn/functional.py', 2900, 'layer_norm', 'return torch.layer_norm(', 'torch.layer_norm('),
          ],
          { tried: '16.00 GiB', total: '22.05 GiB', free: '5.79 GiB', pid: 3187, inUse: '16.25 GiB', allocated: '16.00 GiB', reserved: '1.06 MiB' },
        ),
        21480,
        'M=4096 N=1024: torch 0.118 ms, triton 0.137 ms, speedup 0.86x\nM=4096 N=4096: torch 0.421 ms, triton 0.520 ms, speedup 0.81x\nM=4096 N=8192: torch 0.838 ms, triton 1.074 ms, speedup 0.78x\n',
      ),
    { category: 'C07', cause: 'a 65536 x 65536 fp32 stress input is 16 GiB; the reference output needs another 16 GiB on a 22 GiB A10G' },
  );
  b.write(LN, layerNormScript(oneBlockKernel, fixedLauncher('min(4096, triton.next_power_of_2(N))'), SIZES, 'torch.float16'));
  b.run(
    `python ${LN}`,
    LN,
    (src, file) =>
      crash(
        assertClose(
          [programFrame(file, src, 'bench(m, n, torch.float16)'), programFrame(file, src, 'torch.testing.assert_close(out, ref', 'bench')],
          '33267504 / 33554432 (99.1%)',
          '4.26171875',
          '(1873, 6011)',
          '1.0',
          '0.01',
          '0',
        ),
        9870,
        'M=4096 N=1024: torch 0.061 ms, triton 0.040 ms, speedup 1.52x\nM=4096 N=4096: torch 0.214 ms, triton 0.133 ms, speedup 1.61x\n',
      ),
    { category: 'C11', cause: 'BLOCK_SIZE capped at 4096 with one load per row: for N=8192 half of each row is never read or written' },
  );
  b.sh('python -c "import triton; print(triton.next_power_of_2(8192), triton.__version__)"', { stdout: '8192 3.1.0\n', durationMs: 1830 });
  b.write(LN, layerNormScript(threePassKernel, fixedLauncher('1024'), SIZES, 'torch.float16'));
  b.run(
    `python ${LN}`,
    LN,
    ok(
      'M=4096 N=1024: torch 0.061 ms, triton 0.074 ms, speedup 0.82x\nM=4096 N=4096: torch 0.214 ms, triton 0.270 ms, speedup 0.79x\nM=4096 N=8192: torch 0.421 ms, triton 0.569 ms, speedup 0.74x\n',
      14260,
      0.78,
    ),
  );
  b.sh('python bench.py', { stdout: 'correct: True (N=1024, 4096, 8192)\ngeomean speedup: 0.78x\n', durationMs: 16830 });
  b.sh('head -30 bench.py | grep -n "do_bench\\|assert_close"', {
    stdout:
      '14:    torch.testing.assert_close(out, ref, atol=1e-2, rtol=0)\n17:    ms_ref = triton.testing.do_bench(lambda: ref_fn(x, w, b))\n18:    ms = triton.testing.do_bench(lambda: layer_norm(x, w, b))\n',
  });
  b.fail(null, {
    category: 'P01',
    cause:
      'three passes over every row from global memory, one program per row; a single pass holding the row in registers is the standard kernel for N <= 8192',
  });
  return b.finish({ grade: 'wrong', score: 0.78, submitted: 'layernorm.py', graderVerdict: 'correct on all sizes; geomean speedup 0.78x (needs > 1.0x)' });
}

/** Adaptive warps computed with `math` that was never imported; otherwise a clean, fast kernel. */
function r0108() {
  const b = pool('r-0108', 'tritonbench-layernorm', 'sonnet-4.5', 2);
  ls(b);
  nvidiaSmi(b);
  b.sh('cat reference.py', { stdout: layerNormReference });
  pipList(b, ['triton', 'torch']);
  b.write(LN, layerNormScript(oneBlockKernel, adaptiveLauncher, SIZES, 'torch.float16'));
  b.run(
    `python ${LN}`,
    LN,
    (src, file) =>
      crash(
        traceback(
          [
            programFrame(file, src, 'bench(m, n, torch.float16)'),
            programFrame(file, src, 'out = layer_norm(x, w, b)', 'bench', { seg: 'layer_norm(x, w, b)' }),
            programFrame(file, src, 'num_warps = min(', 'layer_norm', { seg: 'math' }),
          ],
          "NameError: name 'math' is not defined",
        ),
        3140,
      ),
    { category: 'C06', cause: 'math.log2 used in the launcher without importing math' },
  );
  b.write(LN, layerNormScript(oneBlockKernel, adaptiveLauncher, SIZES, 'torch.float16', 'import math\n\n'));
  b.run(
    `python ${LN}`,
    LN,
    ok(
      'M=4096 N=1024: torch 0.061 ms, triton 0.041 ms, speedup 1.49x\nM=4096 N=4096: torch 0.214 ms, triton 0.131 ms, speedup 1.63x\nM=4096 N=8192: torch 0.421 ms, triton 0.243 ms, speedup 1.73x\n',
      12040,
      1.61,
    ),
  );
  b.sh('python bench.py', { stdout: 'correct: True (N=1024, 4096, 8192)\ngeomean speedup: 1.61x\n', durationMs: 15210 });
  b.sh('ls', { stdout: 'bench.py\nlayernorm.py\nreference.py\n' });
  return b.finish({ grade: 'correct', score: 1.61, submitted: 'layernorm.py', graderVerdict: 'correct on all sizes; geomean speedup 1.61x' });
}

const EVAL = 'python eval_kernel.py --ref 23_Softmax.py --new model_new.py';
const evalOut = (ref: string, custom: string, speedup: string) =>
  `[Eval] compiled: True\n[Eval] correctness: 5/5 trials passed\n[Eval] reference ${ref} ms | custom ${custom} ms | speedup ${speedup}x\n`;

/** Shared memory sized in bytes of threads, not floats: illegal access; then slow; then fast but wrong; then right. */
function r0115() {
  const b = pool('r-0115', 'kernelbench-l1-23', 'haiku-4.5', 1);
  b.sh('cat 23_Softmax.py', { stdout: softmaxReference });
  nvidiaSmi(b);
  b.write(MODEL, modelNewScript(blockReduceCuda, printDiffTest));
  b.run(
    `python ${MODEL}`,
    MODEL,
    (src, file) => crash(cudaIllegalAccess([programFrame(file, src, 'print("max abs diff:"', '<module>', { seg: '(out - ref).abs().max().item()' })]), 48910),
    { category: 'C11', cause: 'dynamic shared memory is 1024 bytes but the reduction indexes 1024 floats' },
  );
  b.run(`CUDA_LAUNCH_BLOCKING=1 python ${MODEL}`, MODEL, (src, file) =>
    crash(
      cudaIllegalAccess([
        programFrame(file, src, 'out = ModelNew()(x)', '<module>', { seg: 'ModelNew()(x)' }),
        ...moduleCall(),
        programFrame(file, src, 'return softmax_ext.softmax_cuda(', 'forward', { seg: 'softmax_ext.softmax_cuda(x.contiguous())' }),
      ]),
      6120,
    ),
  );
  b.revise(MODEL, [
    ['<<<rows, threads, threads>>>', '<<<rows, threads, threads * sizeof(float)>>>'],
    [printDiffTest, assertTest],
  ]);
  b.run(`python ${MODEL}`, MODEL, ok('self-test passed\n', 47330));
  b.sh(EVAL, { stdout: evalOut('0.0338', '0.0412', '0.82'), durationMs: 61240 });
  b.sh('nsys profile --stats=true -o /tmp/softmax python model_new.py 2>&1 | grep -A3 "cuda_gpu_kern_sum"', {
    stdout:
      ' ** CUDA GPU Kernel Summary (cuda_gpu_kern_sum):\n\n Time (%)  Total Time (ns)  Instances  Avg (ns)  Med (ns)  Min (ns)  Max (ns)  StdDev (ns)     Name\n    61.2           40,896          1  40,896.0  40,896.0    40,896    40,896          0.0  softmax_kernel(const float *, float *, int, int)\n',
    durationMs: 71230,
  });
  b.write(MODEL, modelNewScript(warpShuffleCuda, assertTest));
  b.run(
    `python ${MODEL}`,
    MODEL,
    (src, file) =>
      crash(
        assertClose(
          [programFrame(file, src, 'torch.testing.assert_close(out, ref')],
          '49152 / 262144 (18.8%)',
          '3.7109375',
          '(5, 12288)',
          '41234.5',
          '0.01',
          '0.01',
        ),
        49870,
      ),
    { category: 'C11', cause: 'the cross-warp step reads red[lane] for all 32 lanes; only 16 warps wrote it, so rows pick up stale shared memory' },
  );
  b.revise(MODEL, [
    ['m = warp_max(red[lane]);', 'm = warp_max(lane < WARPS ? red[lane] : -INFINITY);'],
    ['s = warp_sum(red[lane]);', 's = warp_sum(lane < WARPS ? red[lane] : 0.f);'],
  ]);
  b.run(`python ${MODEL}`, MODEL, ok('self-test passed\n', 48120));
  b.sh(EVAL, { stdout: evalOut('0.0338', '0.0258', '1.31'), durationMs: 60480 });
  b.sh(`for i in 1 2 3; do ${EVAL} | tail -1; done`, {
    stdout:
      '[Eval] reference 0.0338 ms | custom 0.0259 ms | speedup 1.30x\n[Eval] reference 0.0339 ms | custom 0.0257 ms | speedup 1.32x\n[Eval] reference 0.0337 ms | custom 0.0258 ms | speedup 1.31x\n',
    durationMs: 182110,
  });
  return b.finish({ grade: 'correct', score: 1.31, submitted: 'model_new.py', graderVerdict: 'compiled, 5/5 correct, speedup 1.31x over eager' });
}

/** nvcc rejects a missing semicolon (ninja's CalledProcessError becomes a RuntimeError); the fixed kernel is far slower than torch. */
function r0116() {
  const b = pool('r-0116', 'kernelbench-l1-23', 'sonnet-4.5', 2);
  b.sh('cat 23_Softmax.py', { stdout: softmaxReference });
  b.write(MODEL, modelNewScript(threadPerRowCuda, assertTest));
  const cu = '/root/.cache/torch_extensions/py311_cu124/softmax_ext/cuda.cu';
  // load_inline prepends three #include lines to the CUDA source before writing cuda.cu.
  const cuLines = ['#include <torch/types.h>', '#include <cuda.h>', '#include <cuda_runtime.h>', '', ...threadPerRowCuda.split('\n')];
  const errLine = lineOf(cuLines.join('\n'), 'float m = -INFINITY') + 1;
  const next = cuLines[errLine - 1] ?? '';
  const flags =
    "-DTORCH_EXTENSION_NAME=softmax_ext -DTORCH_API_INCLUDE_EXTENSION_H -isystem /usr/local/lib/python3.11/site-packages/torch/include -isystem /usr/local/cuda/include -isystem /usr/local/include/python3.11 -D_GLIBCXX_USE_CXX11_ABI=0 --expt-relaxed-constexpr -gencode=arch=compute_86,code=sm_86 --compiler-options '-fPIC' -std=c++17";
  const nvcc = `/usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output cuda.cuda.o.d ${flags} -c ${cu} -o cuda.cuda.o `;
  const log = [
    `[1/3] ${nvcc}`,
    'FAILED: cuda.cuda.o ',
    nvcc,
    `${cu}(${errLine}): error: expected a ";"`,
    `  ${next}`,
    `  ${' '.repeat(next.length - next.trimStart().length)}^`,
    '',
    `1 error detected in the compilation of "${cu}".`,
    '[2/3] c++ -MMD -MF main.o.d -DTORCH_EXTENSION_NAME=softmax_ext -fPIC -std=c++17 -c /root/.cache/torch_extensions/py311_cu124/softmax_ext/main.cpp -o main.o ',
    'ninja: build stopped: subcommand failed.',
    '',
  ].join('\n');
  b.run(
    `python ${MODEL}`,
    MODEL,
    (src, file) =>
      crash(
        extensionBuildFailed(
          [
            programFrame(file, src, 'softmax_ext = load_inline(', '<module>', {
              seg: 'load_inline(name="softmax_ext", cpp_sources=cpp_src, cuda_sources=cuda_src,',
            }),
          ],
          'softmax_ext',
          log,
        ),
        38720,
      ),
    { category: 'C05', cause: 'missing semicolon after float m = -INFINITY in the CUDA source; nvcc fails inside load_inline' },
  );
  b.sh('ls ~/.cache/torch_extensions/py311_cu124/', { stdout: 'softmax_ext\n' });
  b.sh(`sed -n ${errLine - 2},${errLine}p ${cu}`, { stdout: `${cuLines.slice(errLine - 3, errLine).join('\n')}\n` });
  b.revise(MODEL, [['float m = -INFINITY\n', 'float m = -INFINITY;\n']]);
  b.run(`python ${MODEL}`, MODEL, ok('self-test passed\n', 44170));
  b.sh(EVAL, { stdout: evalOut('0.0338', '0.4829', '0.07'), durationMs: 63950 });
  b.sh(`python -c "import torch; p = torch.cuda.get_device_properties(0); print(p.name, p.multi_processor_count)"`, {
    stdout: 'NVIDIA A10G 80\n',
    durationMs: 2210,
  });
  grepN(b, '<<<', MODEL);
  b.sh('nvidia-smi --query-gpu=utilization.gpu --format=csv', { stdout: 'utilization.gpu [%]\n0 %\n', durationMs: 190 });
  b.fail(null, { category: 'P01', cause: 'one thread per row: 16 threads sweep 16,384 columns three times while the GPU idles' });
  return b.finish({ grade: 'wrong', score: 0.07, submitted: 'model_new.py', graderVerdict: 'compiled, 5/5 correct, speedup 0.07x over eager (needs > 1.0x)' });
}

/** Kernel rollouts (mining then held out), in rollout order. */
export const kernelRollouts = [r0107, r0108, r0115, r0116];
