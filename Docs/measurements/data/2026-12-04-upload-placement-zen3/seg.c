#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
enum { W = 1024, SP = 1088, H = 192 };
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static int cmp(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
int main(int argc,char**argv){
  int S=atoi(argv[1]);  /* segments */
  unsigned char *src,*dst;
  posix_memalign((void**)&src,64,SP*H); posix_memalign((void**)&dst,256,W*H);
  memset(src,1,SP*H); memset(dst,0,W*H);
  enum{B=100,N=50}; double t[B];
  for(int w=0;w<200;w++) for(int y=0;y<H;y++) memcpy(dst+y*W,src+y*SP,W);
  printf("%d",getpid());
  for(int s=0;s<S;s++){
    for(int b=0;b<B;b++){double s0=now();for(int i=0;i<N;i++){for(int y=0;y<H;y++) memcpy(dst+y*W,src+y*SP,W); __asm__ volatile(""::"r"(dst):"memory");} t[b]=(now()-s0)/N;}
    qsort(t,B,sizeof t[0],cmp); printf(" %.0f",t[B/2]);
  }
  printf("\n"); return 0;}
