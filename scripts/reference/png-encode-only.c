// The encode-only limit for scripts/bench: encodes every given frame with libpng at zlib
// level 1, no row filter, 8-bit RGB (RGBA for frames with alpha) — what flipbook's fast PNG
// path did per frame before frames and bands were reused — into memory, and reports frames
// per second of encoding.
//
//   png-encode-only [--threads N] FRAME.png...
//
// The frames are decoded (to RGB) in batches before each timed part, so decoding is never
// timed; with N threads each batch is split among N threads, and the time is the sum of the
// batches' wall times; `cpu` is the encoding threads' CPU time (CLOCK_THREAD_CPUTIME_ID), which
// a busy machine inflates far less than wall time. Prints one line:
//   reference: frames=181 threads=1 seconds=2.712 fps=66.7 bytes=13653482 cpu=2.690
// Build: cc -O2 png-encode-only.c $(pkg-config --cflags --libs libpng) -lpthread
#include <png.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BATCH = 12, MAX_THREADS = 64 };

typedef struct {
    uint8_t *rgb;           // RGB, or RGBA when `channels` is 4
    uint32_t width, height;
    int channels;
} image;

typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
} buffer;

typedef struct {
    image *images;
    int first, count, step;
    buffer out;
    size_t total_bytes;
    double cpu;             // seconds of this thread's CPU time spent encoding
    int failed;
} job;

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double thread_cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    buffer *b = png_get_io_ptr(png);
    if (b->length + length > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 1 << 20;
        while (capacity < b->length + length) capacity *= 2;
        uint8_t *grown = realloc(b->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, length);
    b->length += length;
}

static void on_flush(png_structp png) { (void)png; }

/// libpng level 1, PNG_FILTER_NONE, RGB (RGBA for a frame with alpha, as flipbook writes
/// transparent frames), one png_write_row per row: 0 on success.
static int encode(const image *im, buffer *out) {
    out->length = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) return 1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    png_set_write_fn(png, out, on_write, on_flush);
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, im->width, im->height, 8, im->channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (uint32_t y = 0; y < im->height; y++) png_write_row(png, im->rgb + (size_t)y * im->width * im->channels);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

static void *run(void *argument) {
    job *j = argument;
    double began = thread_cpu_seconds();
    for (int i = j->first; i < j->count; i += j->step) {
        if (encode(&j->images[i], &j->out) != 0) { j->failed = 1; return NULL; }
        j->total_bytes += j->out.length;
    }
    j->cpu += thread_cpu_seconds() - began;
    return NULL;
}

static int decode(const char *path, image *out) {
    png_image p;
    memset(&p, 0, sizeof p);
    p.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&p, path)) {
        fprintf(stderr, "png-encode-only: %s: %s\n", path, p.message);
        return 1;
    }
    int alpha = (p.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    p.format = alpha ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    out->channels = alpha ? 4 : 3;
    out->width = p.width;
    out->height = p.height;
    out->rgb = malloc(PNG_IMAGE_SIZE(p));
    if (!out->rgb || !png_image_finish_read(&p, NULL, out->rgb, 0, NULL)) {
        fprintf(stderr, "png-encode-only: %s: %s\n", path, out->rgb ? p.message : "out of memory");
        png_image_free(&p);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    int threads = 1, first = 1;
    if (argc > 2 && strcmp(argv[1], "--threads") == 0) {
        threads = atoi(argv[2]);
        first = 3;
    }
    if (threads < 1 || threads > MAX_THREADS || first >= argc) {
        fprintf(stderr, "usage: png-encode-only [--threads 1...%d] FRAME.png...\n", MAX_THREADS);
        return 64;
    }
    job jobs[MAX_THREADS];
    memset(jobs, 0, sizeof jobs);
    image images[BATCH];
    double timed = 0;
    int frames = argc - first;
    size_t bytes = 0;
    double cpu = 0;
    for (int start = first; start < argc; start += BATCH) {
        int count = argc - start < BATCH ? argc - start : BATCH;
        for (int i = 0; i < count; i++) {
            if (decode(argv[start + i], &images[i]) != 0) return 65;
        }
        pthread_t ids[MAX_THREADS];
        double began = seconds();
        for (int t = 0; t < threads; t++) {
            jobs[t].images = images;
            jobs[t].first = t;
            jobs[t].count = count;
            jobs[t].step = threads;
            pthread_create(&ids[t], NULL, run, &jobs[t]);
        }
        for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
        timed += seconds() - began;
        for (int t = 0; t < threads; t++) {
            if (jobs[t].failed) {
                fprintf(stderr, "png-encode-only: libpng failed\n");
                return 70;
            }
        }
        for (int i = 0; i < count; i++) free(images[i].rgb);
    }
    for (int t = 0; t < threads; t++) {
        bytes += jobs[t].total_bytes;
        cpu += jobs[t].cpu;
        free(jobs[t].out.bytes);
    }
    printf("reference: frames=%d threads=%d seconds=%.3f fps=%.1f bytes=%zu cpu=%.3f\n", frames, threads, timed,
           timed > 0 ? frames / timed : 0.0, bytes, cpu);
    return 0;
}
