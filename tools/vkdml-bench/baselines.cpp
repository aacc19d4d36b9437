// vkdml-bench: the baselines for the lavapipe targets (FLOAT32, packed): the same operator compiled with
// VKDML_BENCH_NAIVE_KERNELS=1 (one vec4 per invocation, the driver's exp/log), and a naive 2-thread C++ loop of the
// same formula over the same host buffers. vkdml, the naive shader, the host loop and the copy are timed interleaved.
#include <thread>

#include "report.h"
#include "timing.h"

namespace bench {

namespace {

constexpr int kHostThreads = 2;

// K passes of the op's host loop over in -> out, split over two std::threads per pass.
std::unique_ptr<Subject> hostLoopSubject(const OpSpec& op, const float* in, float* out, uint64_t n) {
    auto subject = std::make_unique<Subject>();
    subject->name = "host loop";
    subject->bytesPerUnit = 2.0 * n * sizeof(float);
    auto passes = std::make_shared<uint32_t>(1);
    subject->prepare = [passes](uint32_t k) { *passes = k; };
    subject->run = [&op, in, out, n, passes] {
        const auto start = Clock::now();
        for (uint32_t pass = 0; pass < *passes; ++pass) {
            std::thread threads[kHostThreads];
            for (int t = 0; t < kHostThreads; ++t) {
                const uint64_t begin = n * t / kHostThreads, end = n * (t + 1) / kHostThreads;
                threads[t] = std::thread([&op, in, out, begin, end] {
                    op.hostLoop(in + begin, out + begin, end - begin, op.attr0, op.attr1);
                });
            }
            for (auto& thread : threads) thread.join();
        }
        return secondsSince(start);
    };
    return subject;
}

}  // namespace

void runBaselines(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    const DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32;
    const uint64_t n = options.baselineSize;
    for (const OpSpec* op : options.ops) {
        if (!op->hostLoop) continue;
        progress.step(std::string(op->key) + " f32 packed " + formatCount(n) + " baselines");
        BaselineRow row;
        row.op = op;
        row.elements = n;
        const Geometry g = makeGeometry(*op, Layout::Packed, type, n);
        // Host vectors for the loop unless the device memory is host memory and mappable (then the loop runs on the
        // mapped DEFAULT buffers: on lavapipe the very memory the shaders use).
        const bool mappable = ctx.defaultHeapMappable != 0 && ctx.sharesHostMemory();
        row.note = memoryCheck(options, ctx, g.deviceBytes(), mappable ? 0 : 2 * g.copyBytes);
        if (!row.note.empty()) {
            row.skipped = true;
            report.baselines.push_back(row);
            continue;
        }
        row.naiveShader = n % 4 == 0;

        auto w = makeWorkload(ctx, *op, Layout::Packed, type, n);
        Kernel kernel = compileKernel(ctx, *op, w->descs);
        bindToWorkload(kernel, *w);
        Kernel naive;
        if (row.naiveShader) {
            naive = compileKernel(ctx, *op, w->descs, /*naive=*/true);
            bindToWorkload(naive, *w);
        }

        std::vector<float> hostIn, hostOut;
        const float* in = nullptr;
        float* out = nullptr;
        void* mappedA = nullptr;
        void* mappedB = nullptr;
        VkdmlBuffer a = w->inputs[0], b = w->out;
        if (mappable && ctx.defaultHeapMappable == 1 && SUCCEEDED(vkdmlMapBuffer(a, &mappedA)) &&
            SUCCEEDED(vkdmlMapBuffer(b, &mappedB))) {
            in = static_cast<const float*>(mappedA);
            out = static_cast<float*>(mappedB);
            row.hostBuffers = "mapped vkdml DEFAULT buffers";
        } else {
            if (mappedA) vkdmlUnmapBuffer(a);
            mappedA = nullptr;
            hostIn.resize(n);
            hostOut.resize(n);
            for (uint64_t i = 0; i < n; ++i)
                hostIn[i] =
                    static_cast<float>(static_cast<uint32_t>(i * 2654435761u) >> 8) * (12.0f / 16777216.0f) - 6.0f;
            in = hostIn.data();
            out = hostOut.data();
            row.hostBuffers = "host vectors";
        }

        const double bytes = 2.0 * static_cast<double>(g.copyBytes);
        auto recorder = [](const Kernel& k) {
            VkdmlDispatchable compiled = k.compiled;
            VkdmlBindingTable table = k.table;
            return
                [compiled, table](VkdmlCommandList list) { BENCH_CHECK(vkdmlRecordDispatch(list, compiled, table)); };
        };
        const uint64_t copyBytes = g.copyBytes;
        auto vkdmlSubject = commandListSubject("vkdml", ctx.device, bytes, recorder(kernel));
        auto copySubject = commandListSubject("copy", ctx.device, bytes, [a, b, copyBytes](VkdmlCommandList list) {
            BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, b, 0, a, 0, copyBytes));
        });
        std::unique_ptr<Subject> naiveSubject;
        if (row.naiveShader) naiveSubject = commandListSubject("naive shader", ctx.device, bytes, recorder(naive));
        auto hostSubject = hostLoopSubject(*op, in, out, n);

        std::vector<Subject*> subjects = {vkdmlSubject.get(), copySubject.get(), hostSubject.get()};
        if (naiveSubject) subjects.insert(subjects.begin() + 1, naiveSubject.get());
        for (Subject* s : subjects) calibrate(*s, options.minMeasureSeconds);
        measureInterleaved(subjects, options.repetitions);
        row.vkdmlGBps = vkdmlSubject->gbps();
        row.copyGBps = copySubject->gbps();
        row.hostLoopGBps = hostSubject->gbps();
        if (naiveSubject) row.naiveShaderGBps = naiveSubject->gbps();
        if (mappedA) vkdmlUnmapBuffer(a);
        if (mappedB) vkdmlUnmapBuffer(b);
        report.baselines.push_back(row);
    }
}

}  // namespace bench
