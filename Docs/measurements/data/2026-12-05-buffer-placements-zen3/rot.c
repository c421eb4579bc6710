/* Does the 256x192 upload's per-process level come from where its buffers land? Each process times the same row
   copies (192 x 1,024 bytes, source pitch 1,088) in blocks; "fixed" uses one buffer set for every block (as the
   benchmark does), "rotate K" gives each block the next of K buffer sets allocated at start (each block: an untimed
   pass on its set, then the timed pass, as the paired procedure's blocks do). Prints the median block time. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
enum { W = 1024, SP = 1088, H = 192, B = 400, N = 50 };
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static int cmp(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
static void pass(unsigned char*dst,const unsigned char*src){for(int i=0;i<N;i++){for(int y=0;y<H;y++) memcpy(dst+y*W,src+y*SP,W); __asm__ volatile(""::"r"(dst):"memory");}}
int main(int argc,char**argv){
  int k = argc>1 ? atoi(argv[1]) : 1;   /* 1: fixed */
  unsigned char *src[64],*dst[64];
  for(int s=0;s<k;s++){posix_memalign((void**)&src[s],64,SP*H); posix_memalign((void**)&dst[s],256,W*H); memset(src[s],1,SP*H); memset(dst[s],0,W*H);}
  double t[B];
  for(int w=0;w<4;w++) pass(dst[0],src[0]);
  for(int b=0;b<B;b++){int s=b%k; pass(dst[s],src[s]); double t0=now(); pass(dst[s],src[s]); t[b]=(now()-t0)/N;}
  qsort(t,B,sizeof t[0],cmp);
  printf("%d %.1f\n",k,t[B/2]);
  return 0;}
