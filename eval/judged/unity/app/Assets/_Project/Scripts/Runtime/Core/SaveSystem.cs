using System;
using System.IO;
using UnityEngine;

namespace Skyward.Core
{
    [Serializable]
    public sealed class SaveData
    {
        public int version = 1;
        public string lastLevelId;
        public int coins;
        public float bestTime;
    }

    public static class SaveSystem
    {
        private const string FileName = "save.json";

        public static string DefaultPath => Path.Combine(Application.persistentDataPath, FileName);

        public static void Save(SaveData data, string path = null)
        {
            File.WriteAllText(path ?? DefaultPath, JsonUtility.ToJson(data, prettyPrint: true));
        }

        public static SaveData Load(string path = null)
        {
            string p = path ?? DefaultPath;
            if (!File.Exists(p)) return new SaveData();
            return JsonUtility.FromJson<SaveData>(File.ReadAllText(p));
        }
    }
}
