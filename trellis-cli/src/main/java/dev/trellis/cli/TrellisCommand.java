package dev.trellis.cli; public class TrellisCommand { public static void main(String[] a){} }
