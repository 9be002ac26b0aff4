using System.Linq;
using UnityEditor;
using UnityEditor.AddressableAssets.Settings;
using UnityEditor.Build.Reporting;
using UnityEngine;

namespace Skyward.Editor
{
    public static class BuildScript
    {
        [MenuItem("Skyward/Build/Linux")]
        public static void BuildLinux()
        {
            AddressableAssetSettings.BuildPlayerContent();

            string[] scenes = EditorBuildSettings.scenes.Where(s => s.enabled).Select(s => s.path).ToArray();
            BuildReport report = BuildPipeline.BuildPlayer(new BuildPlayerOptions
            {
                scenes = scenes,
                locationPathName = "build/StandaloneLinux64/Skyward.x86_64",
                target = BuildTarget.StandaloneLinux64,
                options = BuildOptions.None,
            });

            if (report.summary.result != BuildResult.Succeeded)
            {
                Debug.LogError($"Build failed: {report.summary.totalErrors} errors");
                EditorApplication.Exit(1);
            }
        }
    }
}
