package com.acme.weave;

/**
 * Instructions of every length before and between call sites: table and lookup switches (padded to
 * 4 bytes), and more than 256 local slots (wide loads and stores; the call token's own slot is
 * above 255 too).
 */
public final class Switches {
    private Switches() {
    }

    static int id(int x) {
        return x;
    }

    public static int run() {
        int total = 0;
        for (int i = 0; i < 12; i++) {
            switch (id(i)) {
                case 0, 1, 2 -> total += id(1);
                case 3 -> total += id(2);
                case 4, 5 -> total += id(3);
                default -> total += 4;
            }
            switch (i * 1000) {
                case 1000 -> total += id(10);
                case 5000 -> total += id(50);
                case 90000 -> total += 900;
                default -> total += 0;
            }
            total += switch (Integer.toString(i)) {
                case "7" -> id(70);
                case "11" -> id(110);
                default -> 1;
            };
        }
        return total + (int) wide(3);
    }

    static long wide(long seed) {
        long v0 = seed + 0;
        long v1 = seed + 1;
        long v2 = seed + 2;
        long v3 = seed + 3;
        long v4 = seed + 4;
        long v5 = seed + 5;
        long v6 = seed + 6;
        long v7 = seed + 7;
        long v8 = seed + 8;
        long v9 = seed + 9;
        long v10 = seed + 10;
        long v11 = seed + 11;
        long v12 = seed + 12;
        long v13 = seed + 13;
        long v14 = seed + 14;
        long v15 = seed + 15;
        long v16 = seed + 16;
        long v17 = seed + 17;
        long v18 = seed + 18;
        long v19 = seed + 19;
        long v20 = seed + 20;
        long v21 = seed + 21;
        long v22 = seed + 22;
        long v23 = seed + 23;
        long v24 = seed + 24;
        long v25 = seed + 25;
        long v26 = seed + 26;
        long v27 = seed + 27;
        long v28 = seed + 28;
        long v29 = seed + 29;
        long v30 = seed + 30;
        long v31 = seed + 31;
        long v32 = seed + 32;
        long v33 = seed + 33;
        long v34 = seed + 34;
        long v35 = seed + 35;
        long v36 = seed + 36;
        long v37 = seed + 37;
        long v38 = seed + 38;
        long v39 = seed + 39;
        long v40 = seed + 40;
        long v41 = seed + 41;
        long v42 = seed + 42;
        long v43 = seed + 43;
        long v44 = seed + 44;
        long v45 = seed + 45;
        long v46 = seed + 46;
        long v47 = seed + 47;
        long v48 = seed + 48;
        long v49 = seed + 49;
        long v50 = seed + 50;
        long v51 = seed + 51;
        long v52 = seed + 52;
        long v53 = seed + 53;
        long v54 = seed + 54;
        long v55 = seed + 55;
        long v56 = seed + 56;
        long v57 = seed + 57;
        long v58 = seed + 58;
        long v59 = seed + 59;
        long v60 = seed + 60;
        long v61 = seed + 61;
        long v62 = seed + 62;
        long v63 = seed + 63;
        long v64 = seed + 64;
        long v65 = seed + 65;
        long v66 = seed + 66;
        long v67 = seed + 67;
        long v68 = seed + 68;
        long v69 = seed + 69;
        long v70 = seed + 70;
        long v71 = seed + 71;
        long v72 = seed + 72;
        long v73 = seed + 73;
        long v74 = seed + 74;
        long v75 = seed + 75;
        long v76 = seed + 76;
        long v77 = seed + 77;
        long v78 = seed + 78;
        long v79 = seed + 79;
        long v80 = seed + 80;
        long v81 = seed + 81;
        long v82 = seed + 82;
        long v83 = seed + 83;
        long v84 = seed + 84;
        long v85 = seed + 85;
        long v86 = seed + 86;
        long v87 = seed + 87;
        long v88 = seed + 88;
        long v89 = seed + 89;
        long v90 = seed + 90;
        long v91 = seed + 91;
        long v92 = seed + 92;
        long v93 = seed + 93;
        long v94 = seed + 94;
        long v95 = seed + 95;
        long v96 = seed + 96;
        long v97 = seed + 97;
        long v98 = seed + 98;
        long v99 = seed + 99;
        long v100 = seed + 100;
        long v101 = seed + 101;
        long v102 = seed + 102;
        long v103 = seed + 103;
        long v104 = seed + 104;
        long v105 = seed + 105;
        long v106 = seed + 106;
        long v107 = seed + 107;
        long v108 = seed + 108;
        long v109 = seed + 109;
        long v110 = seed + 110;
        long v111 = seed + 111;
        long v112 = seed + 112;
        long v113 = seed + 113;
        long v114 = seed + 114;
        long v115 = seed + 115;
        long v116 = seed + 116;
        long v117 = seed + 117;
        long v118 = seed + 118;
        long v119 = seed + 119;
        long v120 = seed + 120;
        long v121 = seed + 121;
        long v122 = seed + 122;
        long v123 = seed + 123;
        long v124 = seed + 124;
        long v125 = seed + 125;
        long v126 = seed + 126;
        long v127 = seed + 127;
        long v128 = seed + 128;
        long v129 = seed + 129;
        long v130 = seed + 130;
        long v131 = seed + 131;
        long v132 = seed + 132;
        long v133 = seed + 133;
        long v134 = seed + 134;
        long v135 = seed + 135;
        long v136 = seed + 136;
        long v137 = seed + 137;
        long v138 = seed + 138;
        long v139 = seed + 139;
        long w = v0 + v7 + v14 + v21 + v28 + v35 + v42 + v49 + v56 + v63 + v70 + v77 + v84 + v91 + v98 + v105 + v112 + v119 + v126 + v133;
        w += id((int) v139) + id((int) v130);
        return w + id((int) v138);
    }
}
